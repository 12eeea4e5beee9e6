import { describe, expect, it } from "vitest";
import { messages as es } from "../locales/es/messages.po";
import { activatePublicMessages, publicI18n } from "../public-i18n";
import { checkInProblem, fieldProblems } from "./check-in-text";
import { CheckInError, CheckInNetworkError } from "./self-check-in-api";

/** The self check-in page's refusals, in the driver's language from the public catalog. */
describe("self check-in refusals", () => {
  activatePublicMessages("es", es);

  it("says the same for any reference the page cannot use (404)", () => {
    const error = new CheckInError(404, { code: "not_found", message: "Not found" });
    expect(checkInProblem(publicI18n, error, 0)).toBe(
      "Hoy no es posible registrar la entrada con esta referencia. Diríjase a la entrada.",
    );
  });

  it("tells the driver to wait when rate limited, and when the server is unreachable", () => {
    expect(checkInProblem(publicI18n, new CheckInError(429, { code: "rate_limited" }), 0)).toBe(
      "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
    );
    expect(checkInProblem(publicI18n, new CheckInNetworkError(), 0)).toBe(
      "No se pudo contactar con el servidor",
    );
  });

  it("puts each refused field's codes under the field, with their limits", () => {
    const error = new CheckInError(400, {
      code: "validation_error",
      field_codes: {
        plate: [{ code: "invalid_characters" }],
        name: [{ code: "too_long", max: 120 }],
        phone: [{ code: "invalid_phone" }],
      },
    });
    const fields = fieldProblems(publicI18n, error);
    expect(fields).toEqual({
      plate: ["Solo se permiten letras y números"],
      name: ["Debe tener como máximo 120 caracteres"],
      phone: ["No es un teléfono válido para este país"],
    });
    expect(checkInProblem(publicI18n, error, Object.keys(fields).length)).toBeNull();
  });
});

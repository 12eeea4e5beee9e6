import { afterAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/contract/errors";
import {
  codeText,
  errorLines,
  fieldErrorText,
  fieldLabel,
  fieldMessages,
  refusalLines,
} from "./error-messages";
import { ApiError, NetworkError, OfflineError } from "./errors";
import { activateLocale, i18n } from "./i18n";

afterAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

const duplicatePlate = new ApiError(409, {
  code: "conflict",
  message: "A truck with this plate already exists",
  fields: { plate: ["A truck with this plate already exists"] },
  field_codes: { plate: [{ code: "not_unique" }] },
});

const tooLong = new ApiError(400, {
  code: "validation_error",
  message: "Some fields are not valid",
  fields: { name: ["Too long"], plate: ["Plate may only contain letters and digits"] },
  field_codes: { name: [{ code: "too_long", max: 120 }], plate: [{ code: "invalid_characters" }] },
});

describe("refused queued changes in the user's language (sync issues, issue 24)", () => {
  it("names the field and the dock's reason with the form's words", async () => {
    await activateLocale("es");
    const full = {
      status: 400,
      code: "validation_error",
      fieldCodes: { booked_date: "slot_full" },
    };
    expect(refusalLines(full)).toEqual([
      "Fecha reservada: Esta hora ya está completa en el muelle: elige otra hora",
    ]);
    expect(refusalLines(full)[0]).toContain(fieldErrorText("booked_date", { code: "slot_full" }));
    expect(
      refusalLines({
        status: 400,
        code: "validation_error",
        fieldCodes: { booked_date: "restricted_date" },
      }),
    ).toEqual([
      "Fecha reservada: No se puede reservar nada este día (fecha restringida): elige otro día",
    ]);
    expect(
      refusalLines({ status: 409, code: "conflict", fieldCodes: { plate: "not_unique" } }),
    ).toEqual(["Matrícula: Ya existe un camión con esta matrícula"]);
  });

  it("says what the status or code tells when no field was named", async () => {
    await activateLocale("es");
    expect(refusalLines({ status: 412, code: "precondition_failed" })).toEqual([
      "Otra persona cambió esta línea antes. Tu cambio se deshizo.",
    ]);
    expect(refusalLines({ status: 403, code: "forbidden" })[0]).not.toBe(
      refusalLines({ status: 400, code: "bad_request" })[0],
    );
    await activateLocale("en");
    expect(refusalLines({ status: 400, code: "bad_request" })).toEqual([
      "The server refused the change.",
    ]);
    // A code this client does not know yet: its field is skipped, not shown raw.
    expect(
      refusalLines({ status: 400, code: "validation_error", fieldCodes: { booked_date: "newer" } }),
    ).toEqual(["The server refused the change."]);
  });
});

describe("server errors in the user's language", () => {
  it("labels each field and translates its code (es)", async () => {
    await activateLocale("es");
    expect(errorLines(duplicatePlate)).toEqual([
      "Matrícula: Ya existe un camión con esta matrícula",
    ]);
    expect(errorLines(tooLong)).toEqual([
      "Nombre: Debe tener como máximo 120 caracteres",
      "Matrícula: Solo se permiten letras y números",
    ]);
  });

  it("uses the Mexican renames (mx) and Portuguese (pt)", async () => {
    await activateLocale("mx");
    expect(errorLines(duplicatePlate)).toEqual(["Placa: Ya existe un camión con esta placa"]);
    expect(fieldLabel("client")).toBe("SKU");
    expect(fieldLabel("delivery_note")).toBe("Folio");
    expect(fieldLabel("road")).toBe("Bahía");
    expect(fieldLabel("dock")).toBe("Andén");
    await activateLocale("pt");
    expect(errorLines(duplicatePlate)).toEqual([
      "Matrícula: Já existe um camião com esta matrícula",
    ]);
  });

  it("translates every field code with its limit, generic where the field has no wording", async () => {
    await activateLocale("es");
    expect(fieldErrorText("capacity_load", { code: "too_big", max: 1000000 })).toBe(
      "Debe ser como máximo 1000000",
    );
    expect(fieldErrorText("new_password", { code: "too_short", min: 8 })).toBe(
      "Debe tener al menos 8 caracteres",
    );
    expect(fieldErrorText("name", { code: "required" })).toBe("Escribe el nombre");
    expect(fieldErrorText("phone", { code: "required" })).toBe("Este campo es obligatorio");
    expect(fieldErrorText("phone", { code: "invalid_phone" })).toBe(
      "No es un teléfono válido para este país",
    );
  });

  it("gives the forms translated messages per field, keeping English where codes are missing", async () => {
    await activateLocale("es");
    expect(fieldMessages(tooLong)).toEqual({
      name: ["Debe tener como máximo 120 caracteres"],
      plate: ["Solo se permiten letras y números"],
    });
    const old = new ApiError(400, {
      code: "validation_error",
      message: "x",
      fields: { phone: ["Not a valid phone number for this country"] },
    });
    expect(fieldMessages(old)).toEqual({ phone: ["Not a valid phone number for this country"] });
    expect(errorLines(old)).toEqual(["Teléfono: Not a valid phone number for this country"]);
  });

  it("keeps a field with an unknown code on its English message, and the rest of the body", async () => {
    await activateLocale("es");
    const future = new ApiError(400, {
      code: "validation_error",
      message: "x",
      fields: { plate: ["Plate is haunted"] },
      field_codes: { plate: [{ code: "haunted" }] },
    });
    expect(future.code).toBe("validation_error");
    expect(errorLines(future)).toEqual(["Matrícula: Plate is haunted"]);
  });

  it("translates codes without fields, and network states; unknown codes keep the server text", async () => {
    await activateLocale("es");
    const stale = new ApiError(412, { code: "precondition_failed", message: "changed" });
    expect(errorLines(stale)).toEqual([
      "Otra persona ha cambiado este registro: recárgalo y vuelve a intentarlo",
    ]);
    expect(errorLines(new ApiError(401, { code: "invalid_credentials", message: "no" }))).toEqual([
      "Usuario o contraseña incorrectos",
    ]);
    expect(errorLines(new ApiError(418, { code: "teapot", message: "I am a teapot" }))).toEqual([
      "I am a teapot",
    ]);
    expect(errorLines(new NetworkError())).toEqual(["No se pudo contactar con el servidor"]);
    expect(errorLines(new OfflineError())).toEqual(["Estás sin conexión"]);
    expect(errorLines(new ApiError(500, "Upstream exploded"))).toEqual(["Upstream exploded"]);
  });

  it("labels a bare field body, an unknown field by its API name", async () => {
    await activateLocale("es");
    const bare = new ApiError(400, { old_password: ["Wrong password"], detail: "Nope" });
    expect(errorLines(bare)).toEqual(["Contraseña actual: Wrong password", "detail: Nope"]);
  });

  it("has a message for every API error code (npm run check sees them translated)", async () => {
    await activateLocale("en");
    expect(ERROR_CODES.filter((code) => !codeText(code))).toEqual([]);
  });

  it("uses a screen's own words where it has some (the check-in terminal)", async () => {
    await activateLocale("en");
    expect(codeText("not_found")).toBe("It does not exist any more");
    expect(codeText("not_found", i18n, "check-in")).toBe(
      "The line or truck does not exist any more. Send the driver to the gate office.",
    );
    expect(codeText("line_taken", i18n, "check-in")).toBe(codeText("line_taken"));
    expect(codeText("mail_failed")).toBe("The mail server did not accept the message");
  });
});

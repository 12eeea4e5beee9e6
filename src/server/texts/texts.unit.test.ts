import { describe, expect, it } from "vitest";
import { LOCALES } from "../../shared/constants";
import { smsText } from "../domain/check-in/service";
import { languageFromHeader, TEXT_LANGUAGES, textsFor } from "./index";

describe("the server's text catalogue", () => {
  it("has every language the app speaks, English by default", () => {
    expect([...TEXT_LANGUAGES].sort()).toEqual([...LOCALES].sort());
    expect(textsFor()).toBe(textsFor("en"));
  });

  it("words the check-in SMS per language, the office when the line names no place", () => {
    const line = { code: "A-1", warehouse: "W2", dock: "7" };
    expect(smsText(line)).toBe("Checked in for A-1. Please go to warehouse W2, dock 7.");
    expect(smsText(line, "pt")).toBe("Entrada registada para A-1. Dirija-se a armazém W2, doca 7.");
    expect(smsText({ ...line, warehouse: "", dock: "" }, "mx")).toBe(
      "Entrada registrada para el folio A-1. Pase a la oficina de la caseta.",
    );
  });

  it("gives mx the Spanish mail and its own words on the documents", () => {
    expect(textsFor("mx").attachmentMail.subject("Recepción", "F9")).toBe(
      "Recepción F9: documentos",
    );
    expect(textsFor("mx").documents.code).toBe("Folio");
    expect(textsFor("mx").documents.weight).toBe(textsFor("es").documents.weight);
    expect(textsFor("en").attachmentMail.body("Expedition", "E1", 1)).toBe(
      "Attached: 1 document of expedition E1.",
    );
  });

  it("reads the language of Accept-Language", () => {
    expect(languageFromHeader("es-MX,es;q=0.9")).toBe("mx");
    expect(languageFromHeader("pt-PT;q=0.8")).toBe("pt");
    expect(languageFromHeader("de-DE")).toBe("en");
    expect(languageFromHeader(undefined)).toBe("en");
  });
});

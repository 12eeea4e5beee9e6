import { describe, expect, it } from "vitest";
import { langOf } from "./public-lang";

describe("public page language", () => {
  it("reads en, es and their _bw variants, else the browser's language", () => {
    expect(langOf("en")).toBe("en");
    expect(langOf("es_bw")).toBe("es");
    expect(langOf("en_bw", "es-ES")).toBe("en");
    expect(langOf(null, "es-MX")).toBe("es");
    expect(langOf("pt", "de-DE")).toBe("en");
  });
});

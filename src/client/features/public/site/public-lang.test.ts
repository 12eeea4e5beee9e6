import { describe, expect, it } from "vitest";
import { cookieLang, langOf } from "./public-lang";

describe("public page language", () => {
  it("reads en, es and their _bw variants, else the browser's language", () => {
    expect(langOf("en")).toBe("en");
    expect(langOf("es_bw")).toBe("es");
    expect(langOf("en_bw", "es-ES")).toBe("en");
    expect(langOf(null, "es-MX")).toBe("es");
    expect(langOf("pt", "de-DE")).toBe("en");
    // The whole preference list, as Accept-Language.
    expect(langOf(null, ["pt-BR", "es-ES", "en"])).toBe("es");
    expect(langOf(null, ["pt-BR", "pt"])).toBe("en");
    expect(langOf(null, ["es-MX"])).toBe("es");
  });

  it("reads the vueml-lang cookie the server prerenders by", () => {
    expect(cookieLang("a=1; vueml-lang=es; b=2")).toBe("es");
    expect(cookieLang("vueml-lang=es_bw")).toBe("es");
    expect(cookieLang("vueml-lang=en")).toBe("en");
    expect(cookieLang("other-vueml-lang=es")).toBe(null);
    expect(cookieLang("")).toBe(null);
  });
});

import { describe, expect, it } from "vitest";
import { decimalSeparator, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a BOM, semicolons, -- for empty values and CRLF rows", () => {
    const csv = toCsv(
      ["day", "value", "client"],
      [
        ["2033-01-10", 2, "ACME"],
        ["2033-01-11", 0, null],
        ["2033-01-12", 1, "  "],
      ],
    );
    expect(csv).toBe(
      "\uFEFFday;value;client\r\n2033-01-10;2;ACME\r\n2033-01-11;0;--\r\n2033-01-12;1;--\r\n",
    );
  });

  it("quotes separators, quotes and line breaks, keeps accents, and disarms formulas", () => {
    const csv = toCsv(["a", "b", "c"], [["Logística; Norte", 'say "hi"', "=SUM(A1)"]]);
    expect(csv.split("\r\n")[1]).toBe('"Logística; Norte";"say ""hi""";\'=SUM(A1)');
  });
});

describe("decimal separator", () => {
  it("writes numbers with the user's decimal comma, text as it is", () => {
    expect(decimalSeparator(["es-ES", "es"])).toBe(",");
    expect(decimalSeparator(["en-GB", "en"])).toBe(".");
    const csv = toCsv(["a", "b"], [[12.5, "1.5"]], decimalSeparator("pt-PT"));
    expect(csv.split("\r\n")[1]).toBe("12,5;1.5");
  });
});

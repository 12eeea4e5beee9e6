import { afterAll, describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../../lib/i18n";
import { decimalSeparator, toCsv } from "./csv";
import { csvHeaders } from "./csv-headers";

afterAll(() => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
});

describe("BI CSV headers", () => {
  it("names the dwell columns in the user's language, numbers with their decimal comma", async () => {
    await activateLocale("es");
    const header = csvHeaders(i18n, ["arrival_date", "lines", "median_minutes", "p90_minutes"]);
    expect(header).toEqual(["Fecha de llegada", "Líneas", "Mediana (min)", "Percentil 90 (min)"]);
    const csv = toCsv(header, [["2033-01-10", 3, 42.5, 90]], decimalSeparator("es"));
    expect(csv.split("\r\n")[1]).toBe("2033-01-10;3;42,5;90");
  });

  it("renames the client column for a Mexican user", async () => {
    await activateLocale("mx");
    expect(csvHeaders(i18n, ["client", "carrier", "dwell_minutes"])[0]).toBe("SKU");
  });
});

import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { chartData, detailLink, exportName, rawChart, rawDetail, thinTicks } from "./chart-data";

const incidenceLabel = () => "label";
// Source texts (no catalog): the headers as an English user reads them.
const i18n = setupI18n({ locale: "en", messages: { en: {} } });

describe("chartData", () => {
  it("draws every day of the range as a bar, zero included, and skips empty days on a pie", () => {
    const answer = {
      metric: "lines" as const,
      rows: [
        { booked_date: "2033-01-10", value: 2 },
        { booked_date: "2033-01-12", value: 1 },
      ],
    };
    const range = { from: "2033-01-10", to: "2033-01-12" };
    const bars = chartData(answer, range, { forPie: false, incidenceLabel });
    expect(bars.map((bar) => [bar.id, bar.value])).toEqual([
      ["2033-01-10", 2],
      ["2033-01-11", 0],
      ["2033-01-12", 1],
    ]);
    expect(bars[1]?.detail).toEqual({ kind: "day", day: "2033-01-11" });
    const slices = chartData(answer, range, { forPie: true, incidenceLabel });
    expect(slices.map((slice) => slice.id)).toEqual(["2033-01-10", "2033-01-12"]);
  });

  it("makes one slice per incidence status and reason, with the status colour", () => {
    const answer = {
      metric: "incidences" as const,
      rows: [
        { status: { id: 4, description: "revision", color: "#f44336" }, reason: null, value: 3 },
      ],
    };
    const [slice] = chartData(answer, { from: "", to: "" }, { forPie: true, incidenceLabel });
    expect(slice).toEqual({
      id: "4:none",
      label: "label",
      value: 3,
      color: "#f44336",
      detail: { kind: "incidence", status: 4, reason: null },
    });
    expect(rawChart(answer, i18n).rows).toEqual([["revision", undefined, undefined, 3]]);
  });
});

describe("exports and links", () => {
  it("names files by metric, type (not for trucks) and dates", () => {
    const query = {
      metric: "lines" as const,
      type: 1 as const,
      from: "2033-01-01",
      to: "2033-01-31",
    };
    expect(exportName(query, "", "pdf")).toBe("bi_lines_expeditions_2033-01-01_2033-01-31.pdf");
    expect(exportName({ ...query, metric: "trucks" }, "detail_2033-01-02", "csv")).toBe(
      "bi_trucks_2033-01-01_2033-01-31_detail_2033-01-02.csv",
    );
  });

  it("links lines by type, incidences to the expedition when status 4, trucks to the truck", () => {
    expect(detailLink("lines", { id: 7, type: 2 })).toBe("/reception/7");
    expect(detailLink("incidences", { id: 7, type: 1, statusId: 7 })).toBe("/expedition/7");
    expect(detailLink("incidences", { id: 8, type: 2, statusId: 12 })).toBe("/reception/8");
    expect(detailLink("incidences", { id: 9, statusId: 4 })).toBe("/expedition/9");
    expect(detailLink("trucks", { id: 3 })).toBe("/truck/3");
  });

  it("lays the detail out as CSV columns", () => {
    const table = rawDetail(
      {
        metric: "trucks",
        rows: [{ id: 1, name: "T1", plate: "1234ABC", register_date: "2033-01-10T10:00:00.000Z" }],
      },
      i18n,
    );
    expect(table.header).toEqual(["ID", "Name", "Plate", "Register date"]);
    expect(table.rows).toEqual([[1, "T1", "1234ABC", "2033-01-10T10:00:00.000Z"]]);
  });
});

describe("thinTicks", () => {
  const days = Array.from(
    { length: 30 },
    (_, index) => `2026-11-${String(index + 1).padStart(2, "0")}`,
  );

  it("keeps every label while they fit", () => {
    expect(thinTicks(days.slice(0, 7), 1100, 90)).toHaveLength(7);
  });

  it("keeps every n-th label of 30 days so no two overlap, the first day always", () => {
    const shown = thinTicks(days, 1100, 90);
    expect(shown.length).toBeLessThanOrEqual(Math.floor(1100 / 90));
    expect(shown[0]).toBe("2026-11-01");
    expect(shown[1]).toBe(days[3]);
  });

  it("shows at least the first label on a tiny axis", () => {
    expect(thinTicks(days, 10, 90)).toEqual(["2026-11-01"]);
  });
});

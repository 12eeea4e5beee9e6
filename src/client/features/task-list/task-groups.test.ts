import { describe, expect, it } from "vitest";
import type { TaskLine } from "../../../shared/contract/task-list";
import { cut, groupByTask, withWaitingLines } from "./task-groups";

function line(id: number, worksheet: { id: number; name: string }): TaskLine {
  return {
    id,
    uid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    date: "2026-03-02",
    user: { id: 1, username: "office", first_name: "Olivia", last_name: "Ortega" },
    worksheet,
    description: { id: 9, name: "Boxes" },
    client: null,
    reference: "",
    tag_number: "",
    time_hours: 1,
    reviewed_parts: null,
    right_parts: null,
    reworked_parts: null,
    nok_parts: null,
    observations: "",
    company: 1,
    version: 1,
  };
}

const packing = { id: 1, name: "Packing" };
const review = { id: 2, name: "Review" };

describe("task groups", () => {
  it("groups a page's lines by task in the page's order", () => {
    const groups = groupByTask([line(1, packing), line(2, packing), line(3, review)], null);
    expect(groups.map((g) => [g.worksheet.name, g.lines.map((l) => l.id)])).toEqual([
      ["Packing", [1, 2]],
      ["Review", [3]],
    ]);
  });

  it("shows the pending task as an empty group unless it already has lines", () => {
    const pending = { id: 7, name: "Inventory" };
    expect(groupByTask([line(1, packing)], pending).at(-1)).toEqual({
      worksheet: pending,
      lines: [],
    });
    expect(groupByTask([line(1, packing)], packing)).toHaveLength(1);
    expect(groupByTask([], pending)).toHaveLength(1);
  });

  it("lays the device's waiting lines over the page: new first, edited replaced, deleted hidden", () => {
    const groups = groupByTask([line(1, packing), line(3, review)], null);
    const inventory = { id: 7, name: "Inventory" };
    const edited = { ...line(1, packing), reference: "EDITED" };
    const merged = withWaitingLines(groups, {
      created: [line(-2, review), line(-1, inventory), line(-3, review)],
      changed: [edited],
      deleting: [],
    });
    expect(merged.map((g) => [g.worksheet.name, g.lines.map((l) => l.id)])).toEqual([
      ["Inventory", [-1]],
      ["Packing", [1]],
      ["Review", [-2, -3, 3]],
    ]);
    expect(merged[1]?.lines[0]?.reference).toBe("EDITED");
    const deleted = withWaitingLines(groups, { created: [], changed: [], deleting: [3] });
    expect(deleted.map((g) => g.lines.map((l) => l.id))).toEqual([[1], []]);
    expect(groups[1]?.lines.map((l) => l.id)).toEqual([3]);
  });

  it("cuts observations at 20 characters with an ellipsis", () => {
    expect(cut("short")).toBe("short");
    expect(cut("a".repeat(25))).toBe(`${"a".repeat(20)}…`);
  });
});

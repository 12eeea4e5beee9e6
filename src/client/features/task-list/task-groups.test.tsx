import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TaskLine } from "../../../shared/contract/task-list";
import { cut, groupByTask, TaskGroupTable, withWaitingLines } from "./task-groups";

afterEach(cleanup);

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

describe("a task's table", () => {
  it("keeps a line waiting on this device editable and deletable, marked Waiting to sync", () => {
    const booked = { ...line(-4, packing), reference: "BOOKED-HERE" };
    const edited = { ...line(5, packing), reference: "EDITED-HERE" };
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <TaskGroupTable
          group={{ worksheet: packing, lines: [booked, edited, line(6, packing)] }}
          showUser={false}
          waiting={new Set([5])}
          onAdd={() => {}}
          onEdit={onEdit}
          onDelete={onDelete}
          canWrite
        />
      </I18nProvider>,
    );
    const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;
    for (const [shown, row] of [
      ["BOOKED-HERE", booked],
      ["EDITED-HERE", edited],
    ] as const) {
      const cells = within(rowOf(shown));
      expect(cells.getByText("Waiting to sync")).toBeTruthy();
      fireEvent.click(cells.getByRole("button", { name: "Edit line" }));
      expect(onEdit).toHaveBeenLastCalledWith(row);
      fireEvent.click(cells.getByRole("button", { name: "Delete line" }));
      expect(onDelete).toHaveBeenLastCalledWith(row);
    }
    expect(screen.getAllByText("Waiting to sync")).toHaveLength(2);
  });
});

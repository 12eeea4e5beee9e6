import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { DateTime } from "luxon";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SyncIssueRow } from "../../offline/db";
import { ConflictCard, type ConflictCardProps } from "./conflict-card";

const BOOKED_MINE = "2026-11-24T08:30:00.000Z";
const BOOKED_THEIRS = "2026-11-24T10:00:00.000Z";

const issue: SyncIssueRow = {
  id: 4,
  kind: "conflict",
  conflicts: [
    {
      field: "client",
      base: 2,
      mine: 1,
      theirs: 3,
      mineShown: { id: 1, description: "ACME" },
      theirsShown: { id: 3, description: "GAMMA" },
    },
    {
      field: "shipper",
      base: null,
      mine: 41,
      theirs: null,
      mineShown: { id: 41, name: "TRANSPORTES 41", phone: null, plate: "1234BCD" },
      theirsShown: null,
    },
    {
      field: "booked_date",
      base: "2026-11-24T08:00:00Z",
      mine: "2026-11-24T08:30:00Z",
      theirs: BOOKED_THEIRS,
      mineShown: BOOKED_MINE,
      theirsShown: BOOKED_THEIRS,
    },
    {
      field: "status",
      base: 998,
      mine: 10,
      theirs: 4,
      mineShown: { id: 10, description: "ready", color: "#2196f3" },
      theirsShown: { id: 4, description: "revision", color: "#f44336" },
    },
    {
      field: "urgent",
      base: false,
      mine: true,
      theirs: false,
      mineShown: true,
      theirsShown: false,
    },
  ],
  entity: "shipment",
  entityId: 7,
  op: "update",
  path: "api/expedition/7",
  method: "PUT",
  body: {},
  changes: {},
  summary: { label: "ALB-7", field: "edit", from: null, to: "Client, Truck" },
  userId: 1,
  username: "office",
  company: "1",
  status: 412,
  code: "conflict",
  message: "changed",
  changedBy: "warehouse",
  madeAt: Date.UTC(2026, 10, 23, 9, 30),
  refusedAt: Date.UTC(2026, 10, 23, 9, 31),
};

function renderCard(onResolve: ConflictCardProps["onResolve"], busy = false) {
  return render(
    <I18nProvider i18n={i18n}>
      <ul>
        <ConflictCard issue={issue} busy={busy} onResolve={onResolve} />
      </ul>
    </I18nProvider>,
  );
}

const local = (iso: string) => DateTime.fromISO(iso).toFormat("dd/MM/yyyy HH:mm");

afterEach(cleanup);

describe("conflict card", () => {
  it("shows each field with both values, readable", () => {
    renderCard(() => {});
    const card = screen.getByRole("listitem", { name: "ALB-7" });
    expect(within(card).getByText(/warehouse changed the same fields meanwhile/)).toBeTruthy();
    const rows = within(card)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.children].slice(0, 3).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Client", "ACME", "GAMMA"],
      ["Truck", "1234BCD", "—"],
      ["Booked date", local(BOOKED_MINE), local(BOOKED_THEIRS)],
      ["Status", "Ready", "Revision"],
      ["Urgent", "Yes", "No"],
    ]);
  });

  it("a choice per field, by pointer or keyboard, and one for all fields", async () => {
    const onResolve = vi.fn();
    renderCard(onResolve);
    fireEvent.click(screen.getByRole("button", { name: "Keep mine: Client of ALB-7" }));
    expect(onResolve).toHaveBeenLastCalledWith(issue, ["client"], "mine");
    const theirs = screen.getByRole("button", { name: "Keep theirs: Truck of ALB-7" });
    act(() => theirs.focus());
    fireEvent.keyDown(theirs, { key: "Enter" });
    fireEvent.keyUp(theirs, { key: "Enter" });
    expect(onResolve).toHaveBeenLastCalledWith(issue, ["shipper"], "theirs");
    fireEvent.click(screen.getByRole("button", { name: "Keep all theirs for ALB-7" }));
    expect(onResolve).toHaveBeenLastCalledWith(issue, null, "theirs");
    fireEvent.click(screen.getByRole("button", { name: "Keep all mine for ALB-7" }));
    expect(onResolve).toHaveBeenLastCalledWith(issue, null, "mine");
    expect(onResolve).toHaveBeenCalledTimes(4);
  });

  it("while a choice is being stored, no other can be made", () => {
    renderCard(() => {}, true);
    for (const button of screen.getAllByRole("button"))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

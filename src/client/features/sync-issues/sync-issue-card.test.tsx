import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SyncIssueRow } from "../../offline/db";
import { serverValueText } from "./server-value";
import { SyncIssueCard } from "./sync-issue-card";

const issue: SyncIssueRow = {
  id: 1,
  entity: "shipment",
  entityId: 7,
  op: "update",
  path: "api/expedition/7",
  method: "PATCH",
  body: { status: 10 },
  changes: {},
  summary: { label: "EXP-7", field: "status", from: "In preparation", to: "Ready" },
  userId: 1,
  username: "forklift",
  company: "1",
  status: 412,
  code: "precondition_failed",
  message: "changed",
  changedBy: "warehouse",
  serverValue: { id: 2, description: "sent", color: "#4caf50" },
  madeAt: Date.UTC(2026, 10, 23, 9, 30),
  refusedAt: Date.UTC(2026, 10, 23, 9, 31),
};

const renderCard = (row: SyncIssueRow) =>
  render(
    <I18nProvider i18n={i18n}>
      <ul>
        <SyncIssueCard issue={row} busy={false} onReapply={() => {}} onDismiss={() => {}} />
      </ul>
    </I18nProvider>,
  );

afterEach(cleanup);

describe("sync issue card", () => {
  it("shows the value that won on the server next to the refused change", () => {
    renderCard(issue);
    expect(screen.getByText(/On the server now:/).textContent).toBe("On the server now: Sent");
    expect(screen.getByText("Changed meanwhile by warehouse")).toBeTruthy();
  });

  it("shows no server line when the value is not known", () => {
    const { serverValue: _unknown, ...older } = issue;
    renderCard(older);
    expect(screen.queryByText(/On the server now:/)).toBeNull();
  });

  it("names statuses and reasons, and none as a dash", () => {
    expect(serverValueText("reason", { id: 3, code: "DOCS", name: "wrong_documents" }, i18n)).toBe(
      "Wrong or missing documents",
    );
    expect(serverValueText("reason", null, i18n)).toBe("—");
    expect(serverValueText("status", { id: 9, description: "cancelled" }, i18n)).toBe("Cancelled");
    expect(serverValueText("status", undefined, i18n)).toBeNull();
  });
});

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../../lib/i18n";
import type { SyncIssueRow } from "../../offline/db";
import { issueAction } from "./issue-action";
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

const renderCard = (row: SyncIssueRow, onRebook: (row: SyncIssueRow) => void = () => {}) =>
  render(
    <I18nProvider i18n={i18n}>
      <ul>
        <SyncIssueCard
          issue={row}
          busy={false}
          onReapply={() => {}}
          onDismiss={() => {}}
          onRebook={onRebook}
        />
      </ul>
    </I18nProvider>,
  );

/** A reception booked offline whose hour filled before the replay (400, slot_full). */
const fullHour: SyncIssueRow = {
  ...issue,
  id: 2,
  entityId: "8c1f7e1e-0000-4000-8000-000000000001",
  op: "create",
  path: "api/reception/uid/8c1f7e1e-0000-4000-8000-000000000001",
  method: "PUT",
  body: { booked_date: "2026-12-10T11:00:00+01:00", code: "UX-1" },
  changes: { booked_date: "2026-12-10T10:00:00Z", code: "UX-1" },
  summary: { label: "UX-1", field: "create", from: null, to: "ACME FOODS" },
  status: 400,
  code: "validation_error",
  message: "Some fields are not valid",
  fieldCodes: { booked_date: "slot_full" },
  changedBy: null,
};

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

  it("says which field and why when the server named them, and offers a re-booking", () => {
    const onRebook = vi.fn();
    const { serverValue: _none, ...row } = fullHour;
    renderCard(row, onRebook);
    expect(
      screen.getByText("Booked date: This hour is already full at the dock: pick another hour"),
    ).toBeTruthy();
    expect(screen.getByText(/Booked date you asked for:/).textContent).toMatch(
      /^Booked date you asked for: 10\/12\/2026 \d\d:00$/,
    );
    expect(screen.queryByText("The server refused the change.")).toBeNull();
    // Re-applying would be refused again: the card offers another hour instead.
    expect(screen.queryByRole("button", { name: /Re-apply/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Re-book at another hour" }));
    expect(onRebook).toHaveBeenCalledWith(row);
  });

  it("keeps the plain refusal only when the server said nothing more", () => {
    const { fieldCodes: _none, ...row } = fullHour;
    renderCard({ ...row, code: "bad_request" });
    expect(screen.getByText("The server refused the change.")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Re-apply/ })).toBeTruthy();
  });

  it("picks an action that can succeed", () => {
    expect(issueAction(fullHour)).toEqual({ kind: "rebook", to: "/reception/{-$id}" });
    expect(
      issueAction({
        ...fullHour,
        op: "update",
        entityId: 42,
        path: "api/expedition/42",
        fieldCodes: { packages: "too_big" },
      }),
    ).toEqual({ kind: "edit", to: "/expedition/{-$id}", id: "42" });
    expect(
      issueAction({
        ...fullHour,
        entity: "shipper",
        body: { plate: "1234ABC" },
        fieldCodes: { plate: "not_unique" },
      }),
    ).toEqual({ kind: "plate", plate: "1234ABC" });
    expect(issueAction(issue)).toEqual({ kind: "reapply" });
  });

  it("a file of a type the server does not keep (415): why in Spanish, re-apply off, discard on", async () => {
    const onDismiss = vi.fn();
    const refusedFile: SyncIssueRow = {
      ...issue,
      id: 3,
      entity: "attachment",
      entityId: 7,
      op: "create",
      path: "api/attachment",
      method: "POST",
      body: { shipment: 7, description: "" },
      summary: { label: "albaran.exe", field: "attachment", from: null, to: "albaran.exe" },
      status: 415,
      code: "unsupported_file_type",
      message: "This type of file is not kept",
      fieldCodes: { file: "unsupported_type" },
      file: { shipment: 7, name: "albaran.exe", type: "application/x-msdownload", size: 512 },
      changedBy: null,
    };
    const { serverValue: _none, ...row } = refusedFile;
    expect(issueAction(row)).toEqual({ kind: "reapply" });
    await activateLocale("es");
    try {
      render(
        <I18nProvider i18n={i18n}>
          <ul>
            <SyncIssueCard issue={row} busy={false} onReapply={() => {}} onDismiss={onDismiss} />
          </ul>
        </I18nProvider>,
      );
      expect(
        await screen.findByText(
          "Archivo: Este tipo de archivo no se admite: fotos, PDF, documentos u hojas de cálculo",
        ),
      ).toBeTruthy();
      expect(screen.queryByText("El servidor rechazó el cambio.")).toBeNull();
      // Its bytes are gone (canReapply): the user adds the file again, or discards it.
      await waitFor(() =>
        expect(
          screen.getByRole("button", { name: /Volver a aplicar/ }).getAttribute("disabled"),
        ).not.toBeNull(),
      );
      const discard = screen.getByRole("button", { name: /Descartar/ });
      expect(discard.getAttribute("disabled")).toBeNull();
      fireEvent.click(discard);
      expect(onDismiss).toHaveBeenCalledWith(row);
    } finally {
      await activateLocale("en");
    }
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

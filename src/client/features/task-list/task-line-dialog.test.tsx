import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskLine, TaskLineInput } from "../../../shared/contract/task-list";
import { setApiBase } from "../../lib/http";
import { setAuthUser, setCompany } from "../../lib/session/session-store";
import { db } from "../../offline/db";
import { authUser, company, mockApi, type RecordedRequest } from "../../test-utils";
import { queueTaskLineCreation, queueTaskLineEdit } from "./commands";
import { TaskLineDialog } from "./task-line-dialog";
import { draftOf } from "./task-line-form";
import { TaskListPage } from "./task-list-page";

/**
 * A task line waiting on this device stays editable and deletable (issue 24), rendered as the
 * user meets it: the line dialog opened on a queued line, and the list's delete of one.
 */
const AUTHOR = { userId: 7, username: "admin", company: "1" };
const LABELS = { user: "Ada Admin", worksheet: "Packing", description: "Boxes", client: "ACME" };
const input = (reference: string): TaskLineInput => ({
  date: "2030-05-02",
  user: 7,
  worksheet: 11,
  description: 21,
  client: 31,
  reference,
  time_hours: 1.5,
});
const UID = "0b7a3c1e-2f4d-4a6b-9c8d-1e2f3a4b5c6d";

let requests: RecordedRequest[] = [];

beforeEach(async () => {
  setApiBase("http://localhost/");
  setAuthUser(authUser(["admin"]));
  setCompany(company({ id: 1 }));
  await Promise.all([db.taskLines.clear(), db.outbox.clear(), db.syncIssues.clear()]);
  requests = mockApi({
    "GET /api/task-line": () => ({ body: { count: 0, results: [] } }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A line booked on this device, its creation queued and never sent. */
async function bookedHere(reference: string): Promise<TaskLine> {
  const id = await queueTaskLineCreation(UID, input(reference), LABELS, AUTHOR);
  return (await db.taskLines.get(id)) as TaskLine;
}

function renderDialog(line: TaskLine, onSaved = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <TaskLineDialog
        isOpen
        line={line}
        preset={{}}
        draft={draftOf(line, "Ada Admin")}
        waiting
        onSaved={onSaved}
        onClose={() => {}}
      />
    </I18nProvider>,
  );
  return onSaved;
}

const writes = () => requests.filter((request) => request.method !== "GET");

describe("the line dialog on a line waiting on this device", () => {
  it("a line booked here and not sent: the edit folds into its creation, nothing is sent", async () => {
    const line = await bookedHere("R-1");
    const onSaved = renderDialog(line);
    const reference = await screen.findByRole("textbox", { name: "Reference" });
    expect((reference as HTMLInputElement).value).toBe("R-1");
    fireEvent.change(reference, { target: { value: "R-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: "create", entityId: UID, body: { reference: "R-2" } });
    expect(await db.taskLines.get(line.id)).toMatchObject({ uid: UID, reference: "R-2" });
    expect(writes()).toEqual([]);
  });

  it("a line whose edit may have reached the server: the next edit follows it, in order", async () => {
    const server: TaskLine = {
      ...(await bookedHere("BASE")),
      id: 40,
      version: 3,
      uid: "1b7a3c1e-2f4d-4a6b-9c8d-1e2f3a4b5c6d",
    };
    await db.outbox.clear();
    await db.taskLines.clear();
    // Tried once online without an answer: queued under the key it used.
    await queueTaskLineEdit(server, input("ONE"), LABELS, AUTHOR, "tried-key");
    const held = (await db.taskLines.get(40)) as TaskLine;
    const onSaved = renderDialog(held);
    const reference = await screen.findByRole("textbox", { name: "Reference" });
    expect((reference as HTMLInputElement).value).toBe("ONE");
    fireEvent.change(reference, { target: { value: "TWO" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const entries = await db.outbox.orderBy("seq").toArray();
    expect(entries.map((entry) => [entry.path, entry.body?.reference, entry.baseVersion])).toEqual([
      ["api/task-line/40", "ONE", 3],
      ["api/task-line/40", "TWO", 3],
    ]);
    expect(entries[0]?.mutationId).toBe("tried-key");
    expect(await db.taskLines.get(40)).toMatchObject({ reference: "TWO" });
    expect(writes()).toEqual([]);
  });
});

describe("the list's delete of a line waiting on this device", () => {
  it("a line booked here and never sent goes with its creation, asking the server nothing", async () => {
    const line = await bookedHere("R-DEL");
    const root = createRootRoute();
    const page = createRoute({
      getParentRoute: () => root,
      path: "/task-list",
      component: TaskListPage,
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ["/task-list"] }),
    });
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    const waiting = await screen.findByText("Waiting to sync");
    const row = waiting.closest("tr") ?? waiting.closest("li");
    expect(row).not.toBeNull();
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Delete line" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Confirm" }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.taskLines.get(line.id)).toBeUndefined();
    await waitFor(() => expect(screen.queryByText("Waiting to sync")).toBeNull());
    expect(writes()).toEqual([]);
  });
});

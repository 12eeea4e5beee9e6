import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Expedition, Reception } from "../../../shared/contract/shipments";
import { setApiBase } from "../../lib/http";
import { setAuthUser } from "../../lib/session/session-store";
import { writeStored } from "../../lib/storage";
import { db, type SyncIssueRow } from "../../offline/db";
import { onRefusal, startSyncEngine } from "../../offline/sync-engine";
import { expeditionRow } from "../../test-rows";
import { authUser, jwtExpiringIn } from "../../test-utils";
import { ShipmentsPage, type ShipmentsPageProps } from "./shipments-page";
import { ShipmentsSearch } from "./shipments-search";

const COMPANY = 1;

function expedition(id: number, overrides: Partial<Expedition> = {}): Expedition {
  return expeditionRow(id, {
    company: COMPANY,
    code: `DN-${id}`,
    booked_date: new Date(Date.UTC(2024, 4, 1, id)).toISOString(),
    client: { id: 1, description: "ACME" },
    packages: 3,
    shipper: { id: 50 + id, name: "T", phone: null, plate: `${1000 + id}BCD` },
    timing: "delay",
    ...overrides,
  });
}

let rows: (Expedition | Reception)[] = [];
let patchAnswer: (body: Record<string, unknown>, request: Request) => Response;
const patches: { body: Record<string, unknown>; ifMatch: string | null; key: string | null }[] = [];

function renderPage(path: string, props: Partial<ShipmentsPageProps> = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/expeditions",
    validateSearch: ShipmentsSearch,
    component: () => (
      <ShipmentsPage
        type={SHIPMENT_TYPE.expedition}
        companyId={COMPANY}
        companyCode={null}
        isTrw={false}
        canAdd
        canDelete
        canFilter
        canEditStatus
        canEditReasons
        onError={vi.fn()}
        {...props}
      />
    ),
  });
  const receptionsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/receptions",
    validateSearch: ShipmentsSearch,
    component: () => (
      <ShipmentsPage
        type={SHIPMENT_TYPE.reception}
        companyId={COMPANY}
        companyCode={null}
        isTrw={false}
        onError={vi.fn()}
        {...props}
      />
    ),
  });
  const others = ["/expedition/{-$id}", "/reception/{-$id}", "/truck/{-$id}"].map((p) =>
    createRoute({ getParentRoute: () => rootRoute, path: p, component: () => <p>form</p> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute, receptionsRoute, ...others]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

let stopSync: () => void = () => {};
const refusals: SyncIssueRow[] = [];

beforeEach(async () => {
  setApiBase("http://localhost/");
  await Promise.all([
    db.shipments.clear(),
    db.listPages.clear(),
    db.meta.clear(),
    db.outbox.clear(),
    db.syncIssues.clear(),
  ]);
  // A signed-in user (the replayer sends only with the session of the change's author); the
  // page's permissions come from its props.
  setAuthUser(authUser(["client"]));
  writeStored("jwt", jwtExpiringIn(3_600_000));
  writeStored("company", String(COMPANY));
  refusals.length = 0;
  const unsubscribe = onRefusal((issue) => refusals.push(issue));
  const stopEngine = startSyncEngine();
  stopSync = () => {
    unsubscribe();
    stopEngine();
  };
  rows = [1, 2, 3].map((id) => expedition(id));
  patches.length = 0;
  patchAnswer = (body) => {
    const row = rows[0] as Expedition;
    return Response.json({
      ...row,
      version: row.version + 1,
      status: body.status === 10 ? { id: 10, description: "ready", color: "#2196f3" } : row.status,
    });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (input.method === "GET" && /^\/api\/(expedition|reception)$/.test(url.pathname)) {
        return Response.json({ count: rows.length, results: rows });
      }
      const one = /^\/api\/expedition\/(\d+)$/.exec(url.pathname);
      if (input.method === "GET" && one) {
        return Response.json(rows.find((row) => row.id === Number(one[1])));
      }
      if (input.method === "GET" && url.pathname === "/api/historic") {
        return Response.json({ count: 0, results: [] });
      }
      if (input.method === "PATCH") {
        const body = (await input.clone().json()) as Record<string, unknown>;
        patches.push({
          body,
          ifMatch: input.headers.get("If-Match"),
          key: input.headers.get("Idempotency-Key"),
        });
        return patchAnswer(body, input);
      }
      return Response.json({ code: "not_found", message: "" }, { status: 404 });
    }),
  );
});

afterEach(() => {
  stopSync();
  cleanup();
  vi.unstubAllGlobals();
});

describe("ShipmentsPage", () => {
  it("lists expeditions with the default layout, links, status text and timing", async () => {
    renderPage("/expeditions");
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers[0]).toBe("Booked date");
    expect(headers).toContain("Reason");
    expect(headers.at(-1)).toBe("Actions");
    expect(screen.getByRole("link", { name: "Details of DN-1" }).getAttribute("href")).toBe(
      "/expedition/1",
    );
    expect(screen.getByRole("link", { name: "Truck 1001BCD" }).getAttribute("href")).toBe(
      "/truck/51",
    );
    expect(screen.getByRole("link", { name: "Add expedition" }).getAttribute("href")).toBe(
      "/expedition",
    );
    const status = screen.getByLabelText("Status of DN-1") as HTMLSelectElement;
    expect(status.selectedOptions[0]?.textContent).toBe("In preparation");
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("Delay");
    // Quick filters: no next week for non-trw companies.
    expect(screen.getByRole("button", { name: "Today" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next week" })).toBeNull();
  });

  it("receptions: urgent icon, origin, no reason column for bw, next week for trw", async () => {
    rows = [
      {
        ...(({ destination: _d, ...rest }) => rest)(expedition(1, { urgent: true })),
        type: SHIPMENT_TYPE.reception,
        origin: "Porto",
        load_empty: null,
        load_type: null,
      },
    ];
    renderPage("/receptions", { companyCode: "bw", isTrw: true, canFilter: true });
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers[0]).toBe("Urgent");
    expect(headers).toContain("Origin");
    expect(headers).not.toContain("Reason");
    expect(headers).not.toContain("Route plate");
    expect(screen.getByRole("img", { name: "Urgent" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next week" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Add reception" })).toBeNull();
  });

  it("a user limited to clients filters by them by default", async () => {
    const requested: URL[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        requested.push(new URL(input.url));
        return original(input);
      }),
    );
    renderPage("/expeditions", { userClients: [1, 7] });
    await waitFor(() => expect(requested.length).toBeGreaterThan(0));
    expect(requested[0]?.searchParams.getAll("client")).toEqual(["1", "7"]);
    const acme = (await screen.findByLabelText("ACME", {}, { timeout: 8000 })) as HTMLInputElement;
    await waitFor(() => expect(acme.checked).toBe(true));
    expect(screen.getByLabelText("#7")).toBeTruthy();
  });

  it("changes a status with If-Match and Idempotency-Key and shows the server's row", async () => {
    renderPage("/expeditions");
    const select = (await screen.findByLabelText(
      "Status of DN-1",
      {},
      { timeout: 8000 },
    )) as HTMLSelectElement;
    await act(async () => {
      fireEvent.change(select, { target: { value: "10" } });
    });
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]?.body).toEqual({ status: 10 });
    expect(patches[0]?.ifMatch).toBe('"1"');
    expect(patches[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect((await db.shipments.get(1))?.version).toBe(2));
    expect((await db.shipments.get(1))?.status.id).toBe(10);
    expect(refusals).toHaveLength(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it("reverts the row and reports Error saving when the change is refused", async () => {
    patchAnswer = () => Response.json({ code: "forbidden", message: "no" }, { status: 403 });
    renderPage("/expeditions");
    const select = (await screen.findByLabelText(
      "Status of DN-1",
      {},
      { timeout: 8000 },
    )) as HTMLSelectElement;
    await act(async () => {
      fireEvent.change(select, { target: { value: "10" } });
    });
    await waitFor(() => expect(refusals).toHaveLength(1));
    expect(refusals[0]?.summary).toMatchObject({ label: "DN-1", field: "status" });
    expect(await db.syncIssues.count()).toBe(1);
    expect((await db.shipments.get(1))?.status.id).toBe(998);
    await waitFor(() =>
      expect((screen.getByLabelText("Status of DN-1") as HTMLSelectElement).value).toBe("998"),
    );
  });

  it("line cards: status then reason of one line offline both queue, stay editable and reach the server once, in order", async () => {
    // A small server with the line's real version rule (If-Match), offline until told.
    let offline = false;
    let server = { ...(rows[0] as Expedition) };
    const applied: { body: Record<string, unknown>; ifMatch: string | null; key: string | null }[] =
      [];
    const keys = new Set<string>();
    const original = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request) => {
        if (offline) throw new TypeError("Failed to fetch");
        if (input.method !== "PATCH") return original(input);
        const body = (await input.clone().json()) as Record<string, unknown>;
        const ifMatch = input.headers.get("If-Match");
        const key = input.headers.get("Idempotency-Key");
        if (ifMatch !== `"${server.version}"`) {
          return Response.json({ code: "precondition_failed", message: "" }, { status: 412 });
        }
        if (key) keys.add(key);
        applied.push({ body, ifMatch, key });
        if ("status" in body) {
          server = {
            ...server,
            version: server.version + 1,
            status: { id: 4, description: "revision", color: "#f44336" },
            reason: null,
          };
        } else {
          server = {
            ...server,
            version: server.version + 1,
            reason: { id: 2, code: String(body.reason), name: "missing_packages" },
          };
        }
        return Response.json(server);
      }),
    );
    renderPage("/expeditions", { presentation: "cards" });
    const card = await screen.findByRole("listitem", { name: "DN-1" }, { timeout: 8000 });
    expect(screen.queryByRole("table")).toBeNull();

    offline = true;
    await act(async () => {
      fireEvent.change(within(card).getByLabelText("Status of DN-1"), { target: { value: "4" } });
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await waitFor(() => expect(card.getAttribute("aria-busy")).toBe("true"));
    expect(within(card).getByText("Waiting to sync")).toBeTruthy();
    // The queued change leaves the line editable: its reason is set before any sync.
    const reason = (await within(card).findByLabelText("Reason of DN-1")) as HTMLSelectElement;
    expect(reason.disabled).toBe(false);
    expect((within(card).getByLabelText("Status of DN-1") as HTMLSelectElement).disabled).toBe(
      false,
    );
    await act(async () => {
      fireEvent.change(reason, { target: { value: "MISSING" } });
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const queued = await db.outbox.orderBy("seq").toArray();
    expect(queued.map((entry) => entry.body)).toEqual([{ status: 4 }, { reason: "MISSING" }]);
    // Both were made on the server's version of the line (the outbox rebases the second).
    expect(queued.map((entry) => entry.baseVersion)).toEqual([1, 1]);
    expect(applied).toHaveLength(0);

    offline = false;
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 15_000 });
    expect(applied.map((change) => change.body)).toEqual([{ status: 4 }, { reason: "MISSING" }]);
    expect(applied.map((change) => change.ifMatch)).toEqual(['"1"', '"2"']);
    expect(keys.size).toBe(2);
    expect(refusals).toHaveLength(0);
    const saved = await db.shipments.get(1);
    expect(saved?.version).toBe(3);
    expect([saved?.status.id, saved?.reason?.code]).toEqual([4, "MISSING"]);
    await waitFor(() => expect(card.getAttribute("aria-busy")).toBeNull());
  });

  it("line cards: a search box for the delivery note or plate in the URL and filters behind a button with their count", async () => {
    const router = renderPage("/expeditions?status=998", { presentation: "cards" });
    await screen.findByRole("listitem", { name: "DN-1" }, { timeout: 8000 });
    const filters = screen.getByRole("button", { name: /^Filters/ });
    expect(filters.textContent).toContain("1");
    // The filter bar is not on the first screen; it opens in a dialog.
    expect(screen.queryByRole("button", { name: "Apply" })).toBeNull();
    await act(async () => {
      fireEvent.click(filters);
    });
    const dialog = await screen.findByRole("dialog", { name: "Filters" });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Clear" }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.search).toEqual({});

    fireEvent.change(screen.getByRole("searchbox", { name: "Delivery note or plate" }), {
      target: { value: "DN-2" },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: "DN-2" }));
  });
});

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
import type { Shipper } from "../../../shared/contract/trucks";
import { setApiBase } from "../../lib/http";
import { db } from "../../offline/db";
import { uidOf } from "../../test-rows";
import { TrucksPage, type TrucksPageProps } from "./trucks-page";
import { TrucksSearch } from "./trucks-search";

const COMPANY = 1;

function truck(id: number, overrides: Partial<Shipper> = {}): Shipper {
  return {
    id,
    uid: uidOf(id),
    company: COMPANY,
    plate: `${1000 + id}BCD`,
    name: `TRANSPORTES ${id}`,
    capacity_load: null,
    phone: id % 2 === 0 ? "+34612345678" : null,
    country_code: id % 2 === 0 ? "ES" : null,
    register_date: new Date(Date.UTC(2024, 4, 1, id)).toISOString(),
    expedition_date: null,
    version: 1,
    ...overrides,
  };
}

/** The fake API's trucks, 12 down to 1; the delete test removes one, so each test starts anew. */
const trucks = () => Array.from({ length: 12 }, (_, i) => truck(12 - i));
const ALL = trucks();

/** The fake API's list: filters by plate, pages of page_size. */
function listAnswer(url: URL) {
  const plate = url.searchParams.get("plate") ?? "";
  const page = Number(url.searchParams.get("page") ?? 1);
  const size = Number(url.searchParams.get("page_size") ?? 10);
  const rows = ALL.filter((row) => row.plate.includes(plate));
  return { count: rows.length, results: rows.slice((page - 1) * size, page * size) };
}

let lastUrl: URL | null = null;

function renderPage(path: string, props: Partial<TrucksPageProps> = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const trucksRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/trucks",
    validateSearch: TrucksSearch,
    component: () => (
      <TrucksPage
        companyId={COMPANY}
        canAdd
        canEdit
        canFilter
        smsEnabled
        onError={vi.fn()}
        onSuccess={vi.fn()}
        {...props}
      />
    ),
  });
  const truckRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/truck/{-$id}",
    component: () => <p>form</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([trucksRoute, truckRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

beforeEach(async () => {
  setApiBase("http://localhost/");
  await Promise.all([db.trucks.clear(), db.listPages.clear(), db.meta.clear()]);
  lastUrl = null;
  ALL.splice(0, ALL.length, ...trucks());
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    if (input.method === "GET" && url.pathname === "/api/shipper") {
      lastUrl = url;
      return Response.json(listAnswer(url));
    }
    if (input.method === "DELETE" && url.pathname.startsWith("/api/shipper/")) {
      const id = Number(url.pathname.split("/").at(-1));
      const index = ALL.findIndex((row) => row.id === id);
      if (index >= 0) ALL.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return Response.json({ code: "not_found", message: "" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A touch screen (tablet or phone): every media query matches. */
function asTouchDevice() {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe("TrucksPage", () => {
  it("on a tablet: cards named by plate with large edit, SMS and delete, no table", async () => {
    asTouchDevice();
    renderPage("/trucks");
    const cards = await screen.findByRole("list", { name: "Trucks" });
    await waitFor(() => expect(within(cards).getAllByRole("listitem")).toHaveLength(10));
    expect(screen.queryByRole("table")).toBeNull();
    const card = within(cards).getByRole("listitem", { name: "1012BCD" });
    expect(within(card).getByRole("heading", { name: "1012BCD" })).toBeTruthy();
    expect(card.textContent).toContain("TRANSPORTES 12");
    expect(card.textContent).toContain("+34 612 34 56 78");
    expect(within(card).getByRole("link", { name: "Details of 1012BCD" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Send SMS to 1012BCD" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Delete 1012BCD" })).toBeTruthy();
    // A truck without a phone: no SMS button.
    const other = within(cards).getByRole("listitem", { name: "1011BCD" });
    expect(within(other).queryByRole("button", { name: /Send SMS/ })).toBeNull();
  });

  it("lists the page of trucks with its columns, links and pager", async () => {
    renderPage("/trucks");
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Name",
      "Plate",
      "Phone",
      "Arrival date",
      "Departure date",
      "Detail",
      "Delete",
    ]);
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(11));
    expect(lastUrl?.searchParams.get("page_size")).toBe("10");
    const detail = screen.getByRole("link", { name: "Details of 1012BCD" });
    expect(detail.getAttribute("href")).toBe("/truck/12");
    expect(screen.getByRole("link", { name: "Add truck" }).getAttribute("href")).toBe("/truck");
    // SMS only for trucks with a phone.
    expect(screen.getByRole("button", { name: "Send SMS to 1012BCD" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send SMS to 1011BCD" })).toBeNull();
    expect(screen.getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("button", { name: "Page 2" })).toBeTruthy();
    // Dates as DD/MM/YYYY HH:mm.
    expect(within(table).getAllByRole("row")[1]?.textContent).toMatch(/01\/05\/2024 \d{2}:00/);
  });

  it("hides phone, delete, add and filters without the rights", async () => {
    renderPage("/trucks", { canAdd: false, canEdit: false, canFilter: false, smsEnabled: false });
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Name", "Plate", "Arrival date", "Departure date", "Detail"]);
    expect(screen.queryByRole("link", { name: "Add truck" })).toBeNull();
    expect(screen.queryByRole("search")).toBeNull();
  });

  it("on a kiosk wall: the list only (no links or buttons), its pages for the rotation", async () => {
    renderPage("/trucks?page=2", { isKiosk: true });
    const table = await screen.findByRole("table");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(3));
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Name", "Plate", "Phone", "Arrival date", "Departure date"]);
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("search")).toBeNull();
    const list = screen.getByRole("region", { name: "Trucks" });
    expect(list.dataset.page).toBe("2");
    expect(list.dataset.pageCount).toBe("2");
  });

  it("filters from the URL and writes applied filters back to it, on page 1", async () => {
    const router = renderPage("/trucks?plate=%22100%22&page=1");
    await waitFor(() => expect(lastUrl?.searchParams.get("plate")).toBe("100"));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(10));

    fireEvent.change(screen.getByLabelText("Plate"), { target: { value: "1011" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ plate: "1011" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));

    fireEvent.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() =>
      expect(Object.keys(router.state.location.search).sort()).toEqual([
        "plate",
        "register_date_after",
        "register_date_before",
      ]),
    );
    expect(screen.getByRole("button", { name: "Today" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Clean filters" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("deletes a truck after confirmation and reloads", async () => {
    const onError = vi.fn();
    renderPage("/trucks", { onError });
    fireEvent.click(await screen.findByRole("button", { name: "Delete 1012BCD" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Are you sure you want to DELETE the truck?");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() =>
      expect(screen.queryByRole("link", { name: "Details of 1012BCD" })).toBeNull(),
    );
    expect(await db.trucks.get(12)).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });

  it("offline: shows the mirrored rows with the offline marker", async () => {
    renderPage("/trucks");
    await screen.findByRole("link", { name: "Details of 1011BCD" });
    cleanup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderPage("/trucks?plate=%221011%22");
    expect(await screen.findByText(/Offline, updated \d{2}:\d{2}/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Details of 1011BCD" })).toBeTruthy();
  });

  it("says so when no truck matches", async () => {
    renderPage("/trucks?plate=%22NOPE%22");
    expect(await screen.findByText("No trucks found")).toBeTruthy();
  });
});

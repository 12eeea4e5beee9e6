import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, render } from "@testing-library/react";
import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KIOSK_ADVANCE_MS } from "../../../shared/constants";
import type { RoleKey } from "../../../shared/roles";
import { useKioskRotation } from "./use-kiosk-rotation";

function Kiosk({ roles }: { roles: RoleKey[] }) {
  useKioskRotation(roles, true);
  return <Outlet />;
}

/** Page count each stand-in list reports (data-page-count); none: not a list. */
const pageCounts: Record<string, number> = {};

/** A router with the rotation's pages (plain stand-ins) under a root that runs the rotation. */
function kioskRouter(roles: RoleKey[], start: string) {
  const root = createRootRoute({
    component: () => (
      <main id="main">
        <Kiosk roles={roles} />
      </main>
    ),
  });
  const page = (path: string) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => <p data-page-count={pageCounts[path]}>{path}</p>,
    });
  const routeTree = root.addChildren(
    [
      "/dashboard",
      "/trucks",
      "/expeditions",
      "/receptions",
      "/indicators",
      "/alerts",
      "/critical-lines",
    ].map(page),
  );
  return createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [start] }) });
}

type KioskRouter = ReturnType<typeof kioskRouter>;

async function renderKiosk(roles: RoleKey[], start: string): Promise<KioskRouter> {
  const router = kioskRouter(roles, start);
  await act(async () => {
    render(<RouterProvider router={router} />);
    await vi.advanceTimersByTimeAsync(0);
  });
  return router;
}

const shown = (router: KioskRouter) => ({
  pathname: router.state.location.pathname,
  search: router.state.location.search,
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("useKioskRotation", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
    vi.setSystemTime(DateTime.local(2025, 3, 4, 23, 59, 30).toJSDate());
    // The router scrolls to the top on navigation; jsdom has no scrolling.
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    delete document.documentElement.dataset.kioskTicks;
    for (const path of Object.keys(pageCounts)) delete pageCounts[path];
  });

  it("shows today's lines on arrival and the new day's after local midnight", async () => {
    const router = await renderKiosk(["kiosk"], "/expeditions");
    expect(shown(router)).toEqual({
      pathname: "/expeditions",
      search: { booked_date_after: "2025-03-04", booked_date_before: "2025-03-04" },
    });
    // Ticks: indicators, alerts, critical lines, then expeditions again past midnight.
    await advance(40_000);
    expect(shown(router)).toEqual({
      pathname: "/expeditions",
      search: { booked_date_after: "2025-03-05", booked_date_before: "2025-03-05" },
    });
  });

  it("leaves the indicators' view alone at midnight: only the lists move on to the new day", async () => {
    vi.setSystemTime(DateTime.local(2025, 3, 4, 23, 59, 35).toJSDate());
    pageCounts["/indicators"] = 3;
    const router = await renderKiosk(["kiosk"], "/expeditions");
    await advance(2 * KIOSK_ADVANCE_MS);
    expect(shown(router)).toEqual({ pathname: "/indicators", search: { page: 2 } });
    // Past midnight, before the next tick: still the quarterly view (it went back to page 1).
    await advance(6_000);
    expect(DateTime.local().toISODate()).toBe("2025-03-05");
    expect(shown(router)).toEqual({ pathname: "/indicators", search: { page: 2 } });
    await advance(KIOSK_ADVANCE_MS);
    expect(shown(router)).toEqual({ pathname: "/indicators", search: { page: 3 } });
  });

  it("rotates in the spec's order over the pages the roles may see, one every 10 s", async () => {
    const router = await renderKiosk(["admin"], "/trucks");
    expect(shown(router).search).toEqual({
      register_date_after: "2025-03-04",
      register_date_before: "2025-03-04",
    });
    const visited: string[] = [];
    for (let tick = 0; tick < 4; tick += 1) {
      await advance(KIOSK_ADVANCE_MS);
      visited.push(router.state.location.pathname);
    }
    expect(visited).toEqual(["/expeditions", "/receptions", "/indicators", "/alerts"]);
    expect(document.documentElement.dataset.kioskTicks).toBe("4");
  });

  it("pages through a list (page in the URL) before the next page of the rotation", async () => {
    pageCounts["/expeditions"] = 3;
    const router = await renderKiosk(["admin"], "/expeditions");
    const visited: string[] = [];
    for (let tick = 0; tick < 4; tick += 1) {
      await advance(KIOSK_ADVANCE_MS);
      const { pathname, search } = shown(router);
      visited.push(`${pathname}:${(search as { page?: number }).page ?? 1}`);
    }
    expect(visited).toEqual(["/expeditions:2", "/expeditions:3", "/receptions:1", "/indicators:1"]);
    // Page 1 of the next list: no page in its URL.
    expect(shown(router).search).not.toHaveProperty("page");
  });

  it("kiosk receptions rotates receptions, indicators and alerts", async () => {
    const router = await renderKiosk(["kioskReceptions"], "/receptions");
    const visited: string[] = [];
    for (let tick = 0; tick < 3; tick += 1) {
      await advance(KIOSK_ADVANCE_MS);
      visited.push(router.state.location.pathname);
    }
    expect(visited).toEqual(["/indicators", "/alerts", "/receptions"]);
    expect(document.documentElement.dataset.kioskTicks).toBe("3");
  });

  it("leaves a page outside the rotation alone until the first tick", async () => {
    const router = await renderKiosk(["kiosk"], "/dashboard");
    expect(shown(router)).toEqual({ pathname: "/dashboard", search: {} });
    await advance(KIOSK_ADVANCE_MS);
    expect(shown(router).pathname).toBe("/expeditions");
  });
});

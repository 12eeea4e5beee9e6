import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KIOSK_ADVANCE_MS } from "../../../shared/constants";
import { KioskOutlet } from "./kiosk-outlet";

/** A page that fails while `broken.now` is set (a chunk that did not load, a render error). */
const broken = { now: true };

function Board() {
  if (broken.now) throw new Error("Failed to fetch dynamically imported module");
  return <h1>Expeditions</h1>;
}

function kioskRouter() {
  const root = createRootRoute({
    component: () => (
      <>
        <p>Kiosk layout</p>
        <KioskOutlet />
      </>
    ),
  });
  const board = createRoute({ getParentRoute: () => root, path: "/expeditions", component: Board });
  return createRouter({
    routeTree: root.addChildren([board]),
    history: createMemoryHistory({ initialEntries: ["/expeditions"] }),
  });
}

function renderKiosk() {
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={kioskRouter()} />
    </I18nProvider>,
  );
}

describe("KioskOutlet", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    broken.now = true;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("keeps the layout, shows a calm 'one moment' instead of an error, and retries", async () => {
    await act(async () => {
      renderKiosk();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText("Kiosk layout")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(/one moment/i);
    expect(screen.queryByText(/something went wrong/i)).toBeNull();

    broken.now = false;
    await act(() => vi.advanceTimersByTimeAsync(KIOSK_ADVANCE_MS));
    expect(screen.getByRole("heading", { name: "Expeditions" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("retries at once when the network comes back", async () => {
    await act(async () => {
      renderKiosk();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("status")).toBeTruthy();
    broken.now = false;
    await act(async () => {
      window.dispatchEvent(new Event("online"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole("heading", { name: "Expeditions" })).toBeTruthy();
  });
});

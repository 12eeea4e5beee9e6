import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { KioskBar } from "./kiosk-bar";
import type { KioskPageName } from "./kiosk-pages";

function renderBar(rotation: KioskPageName[], start: string) {
  const root = createRootRoute({
    component: () => <KioskBar rotation={rotation} status={<span>online</span>} />,
  });
  const routeTree = root.addChildren(
    ["/expeditions", "/receptions", "/trucks"].map((path) =>
      createRoute({ getParentRoute: () => root, path, component: () => null }),
    ),
  );
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [start] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe("KioskBar", () => {
  it("names the rotation's screens as labels, the one on show current, and no links", async () => {
    renderBar(["trucks", "expeditions", "receptions"], "/expeditions?page=2");
    const list = await screen.findByRole("list", { name: "Kiosk screens" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Trucks", "Expeditions", "Receptions"]);
    expect(items.map((item) => item.getAttribute("aria-current"))).toEqual([null, "page", null]);
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.getByText("online")).toBeTruthy();
  });
});

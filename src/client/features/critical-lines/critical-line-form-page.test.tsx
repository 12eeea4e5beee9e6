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
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CriticalLine } from "../../../shared/contract/critical-lines";
import { setApiBase } from "../../lib/http";
import { setAuthUser, setCompany } from "../../lib/session/session-store";
import { db } from "../../offline/db";
import { uidOf } from "../../test-rows";
import { authUser, company } from "../../test-utils";
import { CriticalLineFormPage } from "./critical-line-form-page";

/**
 * The form shows the device's copy at once, then the server's (issue 26: an e2e once saw the
 * previous product after an online save): a copy arriving after the user typed must not put
 * the old values back, nor move the version their edit is based on.
 */
const MIRRORED: CriticalLine = {
  id: 5,
  uid: uidOf(5),
  company: 2,
  init_date: "2031-03-03T08:00:00.000Z",
  end_date: "2031-03-04T08:00:00.000Z",
  cause: "Breakdown",
  activity: "Assembly",
  line: "L-5",
  product: "OLD PRODUCT",
  contact: "",
  destination: "",
  observations: "",
  provider: "",
  client_name: "",
  user: 7,
  version: 3,
};

let releaseServerCopy: () => void = () => {};

function renderForm(): void {
  const rootRoute = createRootRoute({ component: Outlet });
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/critical-line/$id",
    component: () => <CriticalLineFormPage lineId="5" />,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/critical-lines",
    component: () => <p>list</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: ["/critical-line/5"] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

beforeEach(async () => {
  setApiBase("http://localhost/");
  setAuthUser(authUser(["office"], [{ id: 2, name: "TRW" }]));
  setCompany(company({ id: 2, is_trw: true }));
  await Promise.all([db.criticalLines.clear(), db.outbox.clear(), db.meta.clear()]);
  await db.criticalLines.put(MIRRORED);
  const serverCopy = new Promise<void>((resolve) => {
    releaseServerCopy = resolve;
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === "GET" && new URL(request.url).pathname === "/api/critical-line/5") {
        await serverCopy;
        return Response.json({ ...MIRRORED, observations: "server copy", version: 3 });
      }
      return Response.json({ code: "not_found", message: "" }, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CriticalLineFormPage", () => {
  it("keeps what the user typed when the server's copy arrives afterwards", async () => {
    renderForm();
    const product = (await screen.findByRole("textbox", { name: "Product" })) as HTMLInputElement;
    await waitFor(() => expect(product.value).toBe("OLD PRODUCT"));
    fireEvent.change(product, { target: { value: "NEW PRODUCT" } });

    releaseServerCopy();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    // Let the answer reach the form.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(product.value).toBe("NEW PRODUCT");
  });

  it("takes the server's copy while the user has typed nothing", async () => {
    renderForm();
    const observations = (await screen.findByRole("textbox", {
      name: "Observations",
    })) as HTMLTextAreaElement;
    releaseServerCopy();
    await waitFor(() => expect(observations.value).toBe("server copy"));
  });
});

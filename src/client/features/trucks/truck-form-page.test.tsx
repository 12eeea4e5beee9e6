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
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Shipper } from "../../../shared/contract/trucks";
import { setApiBase } from "../../lib/http";
import { setAuthUser, setCompany } from "../../lib/session/session-store";
import { db, type OutboxRow } from "../../offline/db";
import { acknowledge } from "../../offline/replay-outcome";
import { uidOf } from "../../test-rows";
import { authUser, company, mockApi, type RecordedRequest } from "../../test-utils";
import { TruckFormPage, type TruckFormPageProps } from "./truck-form-page";

const RUIZ: Shipper = {
  id: 12,
  uid: uidOf(12),
  company: 1,
  plate: "1234BCD",
  name: "TRANSPORTES RUIZ",
  capacity_load: 24000,
  phone: "+351912345678",
  country_code: "PT",
  register_date: "2024-05-01T10:00:00.000Z",
  expedition_date: null,
  version: 4,
};

interface Rendered {
  done: ReturnType<typeof vi.fn>;
  success: ReturnType<typeof vi.fn>;
  error: ReturnType<typeof vi.fn>;
}

function renderForm(props: Partial<TruckFormPageProps> = {}): Rendered {
  const done = vi.fn();
  const success = vi.fn();
  const error = vi.fn();
  const rootRoute = createRootRoute({ component: Outlet });
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/truck/{-$id}",
    component: () => (
      <TruckFormPage
        isTrw={false}
        canAdd
        canEdit
        onDone={done}
        onSuccess={success}
        onError={error}
        {...props}
      />
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute]),
    history: createMemoryHistory({ initialEntries: ["/truck"] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { done, success, error };
}

const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

let requests: RecordedRequest[] = [];

beforeEach(async () => {
  setApiBase("http://localhost/");
  await Promise.all([db.trucks.clear(), db.listPages.clear(), db.meta.clear(), db.outbox.clear()]);
  requests = mockApi({
    "GET /api/shipper/autocomplete_plate": () => ({ body: [RUIZ] }),
    "GET /api/shipper/12": () => ({ body: RUIZ }),
    "PUT /api/shipper/uid/*": ({ body }) => ({
      status: 201,
      body: { ...RUIZ, ...(body as object), id: 40, version: 1 },
    }),
    "PUT /api/shipper/12": ({ body }) => ({
      body: { ...RUIZ, ...(body as object), version: 5 },
    }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A truck signed up on this device (-5), its sign-up waiting in the outbox. */
async function waitingTruck(): Promise<Shipper> {
  const waiting: Shipper = { ...RUIZ, id: -5, uid: uidOf(99), plate: "7777ABC", version: 0 };
  await db.trucks.put(waiting);
  await db.outbox.add({
    mutationId: crypto.randomUUID(),
    entity: "shipper",
    entityId: waiting.uid,
    entityKey: `shipper:${waiting.uid}`,
    op: "create",
    method: "PUT",
    path: `api/shipper/uid/${waiting.uid}`,
    body: { plate: "7777ABC", name: "TRANSPORTES RUIZ" },
    changes: waiting,
    previous: {},
    baseVersion: null,
    summary: { label: "7777ABC", field: "create", from: null, to: null },
    userId: 7,
    username: "office",
    company: "1",
    createdAt: Date.now(),
    attempts: 0,
  });
  return waiting;
}

/** The server answers the waiting sign-up (the replayer's acknowledge): truck 40, version 1. */
async function answerSignUp(waiting: Shipper): Promise<Shipper> {
  const answered: Shipper = { ...waiting, id: 40, version: 1 };
  const [entry] = await db.outbox.toArray();
  await acknowledge(entry as OutboxRow, answered);
  return answered;
}

describe("TruckFormPage", () => {
  it("signs a new truck up with normalised values (PUT to a client-chosen id)", async () => {
    const { done, success } = renderForm();
    await screen.findByRole("heading", { name: "Trucks sign up" });
    type(screen.getByRole("combobox", { name: "Plate" }), "9999-xyz");
    expect((screen.getByRole("combobox", { name: "Plate" }) as HTMLInputElement).value).toBe(
      "9999-XYZ",
    );
    type(field("Name"), "transportes nuevos");
    expect(field("Name").value).toBe("TRANSPORTES NUEVOS");
    type(field("Capacity load"), "12 t 500");
    expect(field("Capacity load").value).toBe("12500");
    fireEvent.change(screen.getByLabelText("Country code"), { target: { value: "ES" } });
    type(field("Phone"), "612 34 56 78");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    const post = requests.find((request) => request.path.startsWith("/api/shipper/uid/"));
    expect(post?.method).toBe("PUT");
    expect(post?.path).toMatch(/^\/api\/shipper\/uid\/[0-9a-f-]{36}$/);
    expect(post?.body).toEqual({
      plate: "9999-XYZ",
      name: "TRANSPORTES NUEVOS",
      capacity_load: 12500,
      phone: "+34612345678",
      country_code: "ES",
    });
    expect(success).toHaveBeenCalledWith("Truck 9999-XYZ saved");
    expect(await db.trucks.get(40)).toMatchObject({ plate: "9999-XYZ" });
  });

  it("keeps a sign-up made without network on the device and queues it under its id", async () => {
    setAuthUser(authUser(["office"]));
    setCompany(company({ id: 1 }));
    const unreachable = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", unreachable);
    const { done, success } = renderForm();
    type(await screen.findByRole("combobox", { name: "Plate" }), "7777-abc");
    type(field("Name"), "sin red");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith(
      "Saved on this device: the truck is sent when the network is back",
    );
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ op: "create", method: "PUT", userId: 7, company: "1" });
    expect(entry?.path).toBe(`api/shipper/uid/${entry?.entityId}`);
    const [waiting] = await db.trucks.toArray();
    expect(waiting).toMatchObject({ plate: "7777-ABC", name: "SIN RED", uid: entry?.entityId });
    expect(waiting?.id).toBeLessThan(0);
    // The first attempt went to the same id the queue will use.
    const urls = unreachable.mock.calls.map((call) => (call as unknown as [Request])[0].url);
    expect(urls.some((url) => url.endsWith(`/api/shipper/uid/${entry?.entityId}`))).toBe(true);
  });

  it("refuses an invalid phone without sending", async () => {
    const { done } = renderForm();
    type(await screen.findByRole("combobox", { name: "Plate" }), "9999XYZ");
    type(field("Name"), "X");
    type(field("Phone"), "12");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Not a valid phone number for this country")).toBeTruthy();
    expect(field("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(requests.some((request) => request.path.startsWith("/api/shipper/uid/"))).toBe(false);
    expect(done).not.toHaveBeenCalled();
  });

  it("suggests known plates; choosing one fills the form and saves it with PUT + If-Match", {
    timeout: 15_000,
  }, async () => {
    const { done } = renderForm();
    const plate = await screen.findByRole("combobox", { name: "Plate" });
    act(() => plate.focus());
    type(plate, "12");
    const option = await screen.findByRole("option", { name: /1234BCD/ }, { timeout: 8000 });
    const lookup = requests.find((request) => request.path.endsWith("autocomplete_plate"));
    expect(lookup).toBeDefined();
    fireEvent.click(option);

    await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
    expect(field("Capacity load").value).toBe("24000");
    expect((screen.getByLabelText("Country code") as HTMLSelectElement).value).toBe("PT");
    expect(field("Phone").value).toBe("912 345 678");
    expect(screen.getByText(/Editing truck/).textContent).toContain("1234BCD");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.path).toBe("/api/shipper/12");
    expect(put?.headers.get("If-Match")).toBe('"4"');
    expect(put?.body).toMatchObject({ plate: "1234BCD", phone: "+351912345678" });
  });

  it("loads /truck/12 from the mirror first, then from the API", async () => {
    await db.trucks.put({ ...RUIZ, name: "FROM THE MIRROR", version: 3 });
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    requests = mockApi({
      "GET /api/shipper/12": () => ({ body: RUIZ }),
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return real ? real(...args) : new Response(null, { status: 500 });
    });
    renderForm({ truckId: "12" });
    await waitFor(() => expect(field("Name").value).toBe("FROM THE MIRROR"));
    answer();
    await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
  });

  it("shows the API's field errors under the fields", async () => {
    requests = mockApi({
      "PUT /api/shipper/uid/*": () => ({
        status: 409,
        body: {
          code: "conflict",
          message: "A truck with this plate already exists",
          fields: { plate: ["A truck with this plate already exists"] },
        },
      }),
    });
    const { done, error } = renderForm();
    type(await screen.findByRole("combobox", { name: "Plate" }), "1234BCD");
    type(field("Name"), "X");
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("A truck with this plate already exists")).toBeTruthy();
    expect(error).toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("offers the truck that already has the plate", async () => {
    requests = mockApi({
      "PUT /api/shipper/uid/*": () => ({
        status: 409,
        body: {
          code: "conflict",
          message: "A truck with this plate already exists",
          fields: { plate: ["A truck with this plate already exists"] },
          field_codes: { plate: [{ code: "not_unique" }] },
        },
      }),
      "GET /api/shipper/autocomplete_plate": () => ({ body: [RUIZ] }),
    });
    const { done, error } = renderForm();
    type(await screen.findByRole("combobox", { name: "Plate" }), "1234 bcd");
    type(field("Name"), "X");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("A truck with this plate already exists")).toBeTruthy();
    const open = await screen.findByRole("button", { name: /Open the truck 1234BCD/ });
    expect(error).toHaveBeenCalled();
    fireEvent.click(open);
    await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
    expect(screen.getByText(/Editing truck/)).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
  });

  it("hides capacity load for trw companies and keeps the truck's value", async () => {
    await db.trucks.put(RUIZ);
    const { done } = renderForm({ truckId: 12, isTrw: true });
    await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
    expect(screen.queryByRole("textbox", { name: "Capacity load" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.body).toMatchObject({ capacity_load: 24000 });
  });
  describe("edits online-first (issue 24)", () => {
    beforeEach(() => {
      setAuthUser(authUser(["office"]));
      setCompany(company({ id: 1 }));
    });

    it("waits for the answer with Save spinning, then saves the server's truck", async () => {
      await db.trucks.put(RUIZ);
      let answer: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const put = vi.fn();
      requests = mockApi({
        "GET /api/shipper/12": () => ({ body: RUIZ }),
        "PUT /api/shipper/12": ({ body }) => ({
          body: { ...RUIZ, ...(body as object), version: 5 },
        }),
      });
      const fetchMock = vi.mocked(globalThis.fetch);
      const real = fetchMock.getMockImplementation();
      fetchMock.mockImplementation(async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.method === "PUT") {
          put();
          await gate;
        }
        return real ? real(request) : new Response(null, { status: 500 });
      });
      const { done, success } = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "ruiz hermanos");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(put).toHaveBeenCalled());
      // Save spins (Button's pending spinner) while the answer is awaited.
      const save = screen.getByRole("button", { name: "Save" });
      expect(save.querySelector("span[aria-hidden='true']")).not.toBeNull();
      expect(done).not.toHaveBeenCalled();
      answer();
      await waitFor(() => expect(done).toHaveBeenCalled());
      expect(success).toHaveBeenCalledWith("Truck 1234BCD saved");
      expect(screen.getByRole("button", { name: "Save" }).querySelector("span")).toBeNull();
      const sent = requests.find((request) => request.method === "PUT");
      expect(sent?.headers.get("If-Match")).toBe('"4"');
      expect(sent?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
      expect(await db.outbox.count()).toBe(0);
      expect(await db.trucks.get(12)).toMatchObject({ name: "RUIZ HERMANOS", version: 5 });
    });

    it("a plate another truck has: the refusal on the plate, the truck that has it one press away", async () => {
      await db.trucks.put(RUIZ);
      const other = { ...RUIZ, id: 13, uid: uidOf(13), plate: "5555XYZ", name: "OTRA" };
      requests = mockApi({
        "GET /api/shipper/12": () => ({ body: RUIZ }),
        "GET /api/shipper/autocomplete_plate": () => ({ body: [other] }),
        "PUT /api/shipper/12": () => ({
          status: 409,
          body: {
            code: "conflict",
            message: "A truck with this plate already exists",
            fields: { plate: ["A truck with this plate already exists"] },
            field_codes: { plate: [{ code: "not_unique" }] },
          },
        }),
      });
      const { done } = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(screen.getByRole("combobox", { name: "Plate" }), "5555 xyz");
      vi.spyOn(console, "error").mockImplementation(() => {});
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("button", { name: /Open the truck 5555XYZ/ })).toBeTruthy();
      expect(screen.getByRole("combobox", { name: "Plate" }).getAttribute("aria-invalid")).toBe(
        "true",
      );
      expect(done).not.toHaveBeenCalled();
      expect(await db.outbox.count()).toBe(0);
    });

    it("offline: queued and said so; the truck shows the edit and a second edit folds into it", async () => {
      await db.trucks.put(RUIZ);
      vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
      const fetchSpy = vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      });
      vi.stubGlobal("fetch", fetchSpy);
      const first = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "ruiz hermanos");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(first.done).toHaveBeenCalled());
      expect(first.success).toHaveBeenCalledWith(
        "Saved on this device: the truck is sent when the network is back",
      );
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({
        entity: "shipper",
        op: "update",
        method: "PUT",
        path: "api/shipper/12",
        baseVersion: 4,
        body: { name: "RUIZ HERMANOS", plate: "1234BCD" },
        baseValues: { name: "TRANSPORTES RUIZ", capacity_load: 24000 },
      });
      expect(await db.trucks.get(12)).toMatchObject({ name: "RUIZ HERMANOS", version: 4 });

      cleanup();
      const second = renderForm({ truckId: 12 });
      // The device's copy (with the queued edit), not the server's, is what opens.
      await waitFor(() => expect(field("Name").value).toBe("RUIZ HERMANOS"));
      type(field("Capacity load"), "30000");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(second.done).toHaveBeenCalled());
      const entries = await db.outbox.toArray();
      expect(entries).toHaveLength(1);
      expect(entries[0]?.body).toMatchObject({ name: "RUIZ HERMANOS", capacity_load: 30000 });
      expect(entries[0]?.mutationId).toBe(entry?.mutationId);
      expect(entries[0]?.baseValues).toMatchObject({ name: "TRANSPORTES RUIZ" });
      const sent = fetchSpy.mock.calls.map((call) => (call as unknown as [Request])[0].method);
      expect(sent.filter((method) => method !== "GET")).toEqual([]);
    });

    it("no answer in time: queued under the key it tried; a later edit follows it, never folds", async () => {
      await db.trucks.put(RUIZ);
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => {
          throw new TypeError("Failed to fetch");
        }),
      );
      const first = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "ruiz hermanos");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(first.done).toHaveBeenCalled());
      cleanup();
      const second = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("RUIZ HERMANOS"));
      type(field("Capacity load"), "30000");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(second.done).toHaveBeenCalled());
      // The first request may have reached the server under its key: another body under the
      // same key would be refused, so the second edit is its own entry, sent after it.
      const entries = await db.outbox.orderBy("seq").toArray();
      expect(entries.map((each) => each.body?.capacity_load)).toEqual([24000, 30000]);
      expect(entries[0]?.sentAt).toBeTypeOf("number");
      expect(new Set(entries.map((each) => each.mutationId)).size).toBe(2);
    });

    it("a stale version (412) is queued for the field merge, not shown as an error", async () => {
      await db.trucks.put(RUIZ);
      requests = mockApi({
        "GET /api/shipper/12": () => ({ body: RUIZ }),
        "PUT /api/shipper/12": () => ({
          status: 412,
          body: {
            code: "precondition_failed",
            message: "Changed meanwhile",
            current: { ...RUIZ, capacity_load: 1, version: 5 },
            changed_by: "admin",
          },
        }),
      });
      const { done, success, error } = renderForm({ truckId: 12 });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "ruiz hermanos");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(done).toHaveBeenCalled());
      expect(success).toHaveBeenCalledWith(
        "Saved: merged with the changes someone else made meanwhile",
      );
      expect(error).not.toHaveBeenCalled();
      const [entry] = await db.outbox.toArray();
      expect(entry).toMatchObject({ op: "update", baseVersion: 4 });
    });

    it("a truck signed up on this device stays editable: its edit folds into the sign-up", async () => {
      await waitingTruck();
      const fetchSpy = vi.fn(async () => new Response(null, { status: 500 }));
      vi.stubGlobal("fetch", fetchSpy);
      const { done } = renderForm({ truckId: "-5" });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "renamed");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(done).toHaveBeenCalled());
      const entries = await db.outbox.toArray();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ op: "create", body: { name: "RENAMED" } });
      expect(await db.trucks.get(-5)).toMatchObject({ name: "RENAMED" });
      // Nothing was sent: the truck has no server id yet.
      const sent = fetchSpy.mock.calls.map((call) => (call as unknown as [Request])[0].method);
      expect(sent.filter((method) => method !== "GET")).toEqual([]);
    });

    it("its sign-up answered while the form is open: the form follows it to its server id and saves there", async () => {
      const waiting = await waitingTruck();
      requests = mockApi({
        "GET /api/shipper/40": () => ({ body: { ...waiting, id: 40, version: 1 } }),
        "PUT /api/shipper/40": ({ body }) => ({
          body: { ...waiting, ...(body as object), id: 40, version: 2 },
        }),
      });
      const { done, success } = renderForm({ truckId: "-5" });
      await waitFor(() => expect(field("Name").value).toBe("TRANSPORTES RUIZ"));
      type(field("Name"), "renamed");
      await act(async () => {
        await answerSignUp(waiting);
      });
      await waitFor(() =>
        expect(requests.some((request) => request.path === "/api/shipper/40")).toBe(true),
      );
      expect(screen.queryByText("This truck does not exist any more.")).toBeNull();
      // The user's change stays; Save goes to the server's truck, online, on its version.
      expect(field("Name").value).toBe("RENAMED");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(done).toHaveBeenCalled());
      expect(success).toHaveBeenCalledWith("Truck 7777ABC saved");
      const sent = requests.find((request) => request.method === "PUT");
      expect(sent?.path).toBe("/api/shipper/40");
      expect(sent?.headers.get("If-Match")).toBe('"1"');
      expect(await db.outbox.count()).toBe(0);
      expect(await db.trucks.get(40)).toMatchObject({ name: "RENAMED", version: 2 });
      expect(await db.trucks.get(-5)).toBeUndefined();
    });

    it("opened on its temporary id after the sign-up was answered: shows the server's truck", async () => {
      const waiting = await waitingTruck();
      await answerSignUp(waiting);
      requests = mockApi({
        "GET /api/shipper/40": () => ({ body: { ...waiting, id: 40, version: 1, name: "FRESH" } }),
      });
      renderForm({ truckId: "-5" });
      await waitFor(() => expect(field("Name").value).toBe("FRESH"));
      expect(screen.queryByText("This truck does not exist any more.")).toBeNull();
      expect(screen.getByText(/Editing truck/)).toBeTruthy();
    });
  });
});

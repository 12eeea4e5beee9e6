import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiBase } from "../../lib/http";
import { activateLocale, i18n } from "../../lib/i18n";
import { setAuthUser, setCompany } from "../../lib/session/session-store";
import { db } from "../../offline/db";
import { CHECK_IN_LINE, expeditionRow, truckRow } from "../../test-rows";
import { authUser, company, mockApi } from "../../test-utils";
import { CheckInFlow } from "./check-in-flow";
import { CheckOutForm } from "./check-out-form";

/**
 * The check-in terminal's form as the guard sees it (issue 24, online-first), in Spanish:
 * Check in spins while the server is asked, a refusal shows on its field in the user's
 * language, and without network the check-in is saved on this terminal and queued.
 */
const LINE = CHECK_IN_LINE;

const answered = (path: string) => ({
  body: {
    ...expeditionRow(1, { version: 6, arrival_date: "2030-05-02T09:55:00.000Z" }),
    check_in: {
      uid: path.split("/").at(-1),
      truck: truckRow(9),
      warehouse: "W1",
      dock: "D3",
      sms_sent: false,
    },
  },
});

const routes = {
  "GET /api/check-in/validate": () => ({ body: { results: [LINE], hint: null } }),
  "GET /api/shipper/available": () => ({ body: { count: 0, results: [] } }),
};

beforeEach(async () => {
  setApiBase("http://localhost/");
  await activateLocale("es");
  setAuthUser(authUser(["office"]));
  setCompany(company({ id: 7 }));
  await Promise.all([db.shipments.clear(), db.trucks.clear(), db.outbox.clear()]);
  await db.shipments.put(expeditionRow(1, { version: 5 }));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await activateLocale("en");
});

/** Validates ALB-1 (one line: chosen at once) and fills a new truck's plate and driver. */
async function fillCheckIn(): Promise<void> {
  render(
    <I18nProvider i18n={i18n}>
      <CheckInFlow company={7} zone="Europe/Madrid" phoneCountry="ES" />
    </I18nProvider>,
  );
  fireEvent.change(screen.getByRole("textbox", { name: "Albarán" }), {
    target: { value: "ALB-1" },
  });
  fireEvent.click(screen.getByRole("button", { name: "Validar" }));
  const truck = await screen.findByRole("form", { name: "Camión" });
  fireEvent.change(within(truck).getByRole("textbox", { name: "Matrícula" }), {
    target: { value: "1234 bcd" },
  });
  fireEvent.change(within(truck).getByRole("textbox", { name: "Nombre del conductor" }), {
    target: { value: "Transportes Uno" },
  });
}

/** The terminal's reads answer; its writes (PUT) fail as without network. */
function writesFailOffline(): void {
  mockApi(routes);
  const fetchMock = vi.mocked(globalThis.fetch);
  const real = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === "PUT") throw new TypeError("Failed to fetch");
    return real ? real(request) : new Response(null, { status: 500 });
  });
}

const checkInButton = () => screen.getByRole("button", { name: "Registrar entrada" });

describe("check-in form, online-first (rendered)", () => {
  it("online: Check in spins until the server answers, then the dock says the truck is registered", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = vi.fn();
    mockApi({ ...routes, "PUT /api/check-in/uid/*": (request) => answered(request.path) });
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === "PUT") {
        sent();
        await gate;
      }
      return real ? real(request) : new Response(null, { status: 500 });
    });
    await fillCheckIn();
    fireEvent.click(checkInButton());
    await waitFor(() => expect(sent).toHaveBeenCalled());
    // The button's spinner while the server is asked; no dock yet.
    expect(checkInButton().querySelector("span[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByText("Camión registrado")).toBeNull();
    release();
    expect(await screen.findByText("Camión registrado")).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(1)).toMatchObject({ version: 6 });
  });

  it("refused: the reason shows under its field in Spanish and nothing is queued", async () => {
    mockApi({
      ...routes,
      "PUT /api/check-in/uid/*": () => ({
        status: 400,
        body: {
          code: "validation_error",
          message: "Some fields are not valid",
          fields: { "truck.name": ["Too long"] },
          field_codes: { "truck.name": [{ code: "too_long", max: 120 }] },
        },
      }),
    });
    await fillCheckIn();
    fireEvent.click(checkInButton());
    expect(await screen.findByText("Debe tener como máximo 120 caracteres")).toBeTruthy();
    const name = screen.getByRole("textbox", { name: "Nombre del conductor" });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Camión registrado")).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it("offline: saved on this terminal, queued, and the line shows the truck meanwhile", async () => {
    writesFailOffline();
    await fillCheckIn();
    fireEvent.click(checkInButton());
    expect(
      await screen.findByText(
        "Entrada guardada en este terminal: se enviará cuando vuelva la red.",
      ),
    ).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: "PUT", userId: 7, company: "7" });
    expect(entry?.path).toMatch(/^api\/check-in\/uid\/[0-9a-f-]{36}$/);
    expect(await db.shipments.get(1)).toMatchObject({ shipper: { plate: "1234 BCD" } });
  });

  it("offline: a truck just checked in at this terminal is checked out at once, queued behind its check-in", async () => {
    writesFailOffline();
    await fillCheckIn();
    fireEvent.click(checkInButton());
    await screen.findByText("Entrada guardada en este terminal: se enviará cuando vuelva la red.");
    cleanup();
    render(
      <I18nProvider i18n={i18n}>
        <CheckOutForm company={7} />
      </I18nProvider>,
    );
    const plate = screen.getByRole("textbox", { name: "Matrícula" });
    fireEvent.change(plate, { target: { value: "1234BCD" } });
    fireEvent.click(screen.getByRole("button", { name: "Registrar salida" }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(2));
    const [checkIn, checkOut] = await db.outbox.orderBy("seq").toArray();
    expect(checkIn?.path).toMatch(/^api\/check-in\/uid\//);
    expect(checkOut).toMatchObject({ path: expect.stringMatching(/^api\/check-out\/uid\//) });
    expect(checkOut?.body).toEqual({ plate: "1234 BCD" });
    expect(screen.queryByText("No hay ningún camión con esta matrícula")).toBeNull();
    await waitFor(() => expect((plate as HTMLInputElement).value).toBe(""));
  });
});

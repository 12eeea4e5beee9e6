import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { apiAs } from "./api-as";
import { DEMO_PASSWORD } from "./demo-users";
import { LoginPage } from "./page-models";

/** The check-in terminal (/truck-system) as a truck access user sees it (English). */
export class CheckInTerminal {
  readonly heading: Locator;
  readonly reference: Locator;
  readonly plate: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Truck check-in" });
    this.reference = page.getByLabel("Delivery note");
    this.plate = page.getByLabel("Plate");
    this.dialog = page.getByRole("dialog", { name: /^(Go to the dock|Where to go)$/ });
  }

  async openAs(user: string): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto("/truck-system");
    await login.login(user, DEMO_PASSWORD);
    await expect(this.heading).toBeVisible({ timeout: 15_000 });
  }

  /** Load or download, the reference, validate: the line cards show. */
  async validate(kind: "Load" | "Download", reference: string): Promise<void> {
    await this.page.getByRole("radio", { name: kind, exact: true }).click();
    await this.reference.fill(reference);
    await this.page.getByRole("button", { name: "Validate" }).click();
    await expect(this.page.getByRole("list", { name: "Lines of the reference" })).toBeVisible();
  }

  /** A new truck (plate, name, phone) checked in to the selected line; the dock modal opens. */
  async checkInNew(plate: string, name: string, phone: string): Promise<void> {
    await this.plate.fill(plate);
    await this.page.getByLabel("Driver name").fill(name);
    await this.page.getByLabel("Phone").fill(phone);
    await this.page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** Milliseconds from pressing Check in to the dock modal, measured in the page. */
  async pressToModalMs(): Promise<number> {
    return this.page.evaluate(() => {
      const measure = performance.measure("check-in", "check-in-press", "check-in-dock-modal");
      performance.clearMarks();
      return measure.duration;
    });
  }

  async closeModal(): Promise<void> {
    await this.dialog.getByRole("button", { name: "Done" }).click();
    await expect(this.dialog).toBeHidden();
  }
}

let serial = 0;

/**
 * Lines of today in the truck access user's first company, made by office through the API:
 * expeditions (load), or receptions (download) where a journey would fill the hour's loads.
 */
export async function todayLines(
  request: APIRequestContext,
  count: number,
  tag: string,
  kind: "expedition" | "reception" = "expedition",
) {
  const office = await apiAs(request, "office", "Yardline Demo");
  const clients = await office.get<{ results: { id: number }[] }>("/api/client");
  const client = clients.results[0]?.id ?? null;
  const run = Date.now().toString(36).toUpperCase();
  const lines: { id: number; code: string; dock: string }[] = [];
  for (let index = 0; index < count; index++) {
    serial += 1;
    const code = `${tag}-${run}-${serial}`;
    const dock = `D${serial}`;
    const body = { code, client, warehouse: "W3", dock };
    lines.push({ id: await bookToday(office, kind, body), code, dock });
  }
  return { office, lines };
}

/**
 * Books a line of today (the yard's day: tests/e2e/yard-time-zone.ts) at the first hour the dock takes: the
 * current hour, else 06:00-21:00. Receptions are bound by the opening hours and the hour's
 * capacity, which other journeys fill, so a fixed hour would pass or fail by the time of day.
 */
export async function bookToday(
  office: Awaited<ReturnType<typeof apiAs>>,
  kind: "expedition" | "reception",
  body: Record<string, unknown>,
): Promise<number> {
  const now = new Date();
  now.setMinutes(0, 0, 0);
  const candidates = [now.getHours(), ...Array.from({ length: 16 }, (_, index) => 6 + index)];
  let last = "";
  for (const hourOfDay of candidates) {
    const hour = new Date(now);
    hour.setHours(hourOfDay);
    const answer = await office.send("post", `/api/${kind}`, {
      ...body,
      booked_date: hour.toISOString(),
    });
    if (answer.status === 201) return (JSON.parse(answer.body) as { id: number }).id;
    expect(answer.status, answer.body).toBe(400);
    last = answer.body;
  }
  throw new Error(`no hour of today takes a ${kind}: ${last}`);
}

/** The line on the server: its truck's plate and arrival. */
export async function lineOnServer(
  office: Awaited<ReturnType<typeof apiAs>>,
  id: number,
  kind: "expedition" | "reception" = "expedition",
): Promise<{ plate: string | null; arrival: string | null }> {
  const line = await office.get<{ shipper: { plate: string } | null; arrival_date: string | null }>(
    `/api/${kind}/${id}`,
  );
  return { plate: line.shipper?.plate ?? null, arrival: line.arrival_date };
}

/** Whether the device's mirror holds the lines (so the terminal can validate offline). */
export async function mirrorHolds(page: Page, codes: readonly string[]): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("yardline");
        open.onsuccess = () => {
          const read = open.result.transaction("shipments").objectStore("shipments").getAll();
          read.onsuccess = () => {
            const have = new Set((read.result as { code: string }[]).map((row) => row.code));
            open.result.close();
            resolve(wanted.every((code) => have.has(code)));
          };
          read.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    [...codes],
  );
}

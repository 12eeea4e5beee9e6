import type { APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";
import { DEMO_PASSWORD } from "./demo-users";
import { expect, test } from "./fixtures";
import { ShipmentFormPage } from "./shipment-form-page-model";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow" });

/**
 * The forms offline (issue 11), on a forklift tablet: a line planned without network reaches
 * the server exactly once when it is back; two users change different fields of one line, one
 * of them offline, and both changes survive (the replayer merges them field by field).
 */
test.describe.configure({ timeout: 90_000 });
test.use({ lang: "en", viewport: { width: 1024, height: 768 }, hasTouch: true });

const stamp = () => Date.now().toString(36).toUpperCase();

function today(time: string): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${time}`;
}

/** The API as another demo user (admin), in the office's first company. */
async function apiAs(request: APIRequestContext, username: string) {
  const token = await request.post("/get-token", { data: { username, password: DEMO_PASSWORD } });
  const { access } = (await token.json()) as { access: string };
  const auth = await request.get("/api/user/auth", {
    headers: { Authorization: `Bearer ${access}` },
  });
  const { user } = (await auth.json()) as { user: { groups: { id: number }[] } };
  const headers = { Authorization: `Bearer ${access}`, company: String(user.groups[0]?.id) };
  return {
    async linesByCode(code: string) {
      const answer = await request.get("/api/expedition", { headers, params: { code } });
      return ((await answer.json()) as { results: { id: number; code: string }[] }).results;
    },
    async create(body: object) {
      const answer = await request.post("/api/expedition", { headers, data: body });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()) as { id: number; version: number; code: string };
    },
    async edit(id: number, body: object) {
      const answer = await request.put(`/api/expedition/${id}`, { headers, data: body });
      expect(answer.status(), await answer.text()).toBe(200);
    },
    async read(id: number) {
      const answer = await request.get(`/api/expedition/${id}`, { headers });
      return (await answer.json()) as Record<string, unknown>;
    },
    async clientId(search: string) {
      const answer = await request.get("/api/client", { headers, params: { search } });
      return ((await answer.json()) as { results: { id: number }[] }).results[0]?.id;
    },
  };
}

test("a tablet plans a line offline; it reaches the server once when the network is back", async ({
  page,
  context,
  request,
  loginAs,
}) => {
  await loginAs("office");
  const form = new ShipmentFormPage(page);
  // Load the form once online (its code chunk), then plan the line with no network.
  await form.open("/expedition");
  await page.goto("/expeditions");
  await expect(page.getByRole("link", { name: "Add expedition" })).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  await page.getByRole("link", { name: "Add expedition" }).click();
  const code = `OFF-${stamp()}`;
  await form.fill("Delivery note", code);
  await form.fill("Booked date", today("06:05"));
  await form.pick("Client", "ACME");
  await form.fill("Company notes", "planned offline");
  const started = Date.now();
  await form.save.click();
  await expect(page).toHaveURL(/\/expeditions/);
  const line = page.getByText(code).first();
  await expect(line).toBeVisible({ timeout: 10_000 });
  console.log(`save to list (offline): ${Date.now() - started} ms`);
  await page.screenshot({ path: "test-results/screenshots/offline-form-planned-1024x768.png" });

  const api = await apiAs(request, "office");
  expect(await api.linesByCode(code)).toHaveLength(0);
  await context.setOffline(false);
  await expect.poll(async () => (await api.linesByCode(code)).length, { timeout: 30_000 }).toBe(1);
  // Reconnects, heartbeats and retries send nothing twice.
  await page.reload();
  await expect(page.getByText(code).first()).toBeVisible({ timeout: 20_000 });
  expect(await api.linesByCode(code)).toHaveLength(1);
});

test("two users change different fields of a line, one offline: both changes survive", async ({
  page,
  context,
  request,
  loginAs,
}) => {
  const admin = await apiAs(request, "admin");
  const client = await admin.clientId("ACME");
  const booked = today("06:10");
  const line = await admin.create({
    code: `TWO-${stamp()}`,
    booked_date: DateTime.fromISO(booked).toISO(),
    client,
  });
  await loginAs("office");
  const form = new ShipmentFormPage(page);
  // Open it from the list (both screens' code loaded), as a tablet user does.
  // The line's day (today's lines, as a forklift opens them): unfiltered, a line of a day after
  // the demo's (a run that crossed the yard's midnight) is not on the list's first page.
  const day = booked.slice(0, 10);
  await page.goto(`/expeditions?booked_date_after=${day}&booked_date_before=${day}`);
  await page.getByRole("link", { name: `Details of ${line.code}` }).click();
  await expect(form.field("Delivery note")).toHaveValue(line.code, { timeout: 20_000 });

  await context.setOffline(true);
  await form.fill("Company notes", "dock 7 please");
  await form.save.click();
  await expect(page).toHaveURL(/\/expeditions/);
  // Meanwhile, someone else changes another field on the server.
  await admin.edit(line.id, { road: "B-12" });
  await context.setOffline(false);

  await expect
    .poll(async () => (await admin.read(line.id)).company_notes, { timeout: 30_000 })
    .toBe("dock 7 please");
  expect((await admin.read(line.id)).road).toBe("B-12");

  await form.open(`/expedition/${line.id}`);
  await page.getByRole("button", { name: "History" }).click();
  const dialog = page.getByRole("dialog", { name: /^History/ });
  await expect(dialog.getByText("Company notes: — → dock 7 please")).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.getByText("Bay: — → B-12")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/offline-form-merged-history.png" });
});

import { DateTime } from "luxon";
import { DEMO_USER_CLIENTS } from "../../src/server/db/demo-data";
import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";
import {
  chosenText,
  SHIPMENT_LABELS,
  type ShipmentKind,
  ShipmentsApi,
  ShipmentsListPage,
} from "./shipments-page-model";

/**
 * The expeditions and receptions lists (issue 4): inline status and reason changes saved on
 * the server, a refused change reverting to the server's line, the client user's scope, the
 * kiosk's read-only layout, and axe. Every test that changes a line owns one delivery note of
 * the plain company (seeded ALB-1xxxxx / REC-1xxxxx) and sets it to a known status first, so
 * the tests run in any order, in parallel and again on a reused server.
 */
test.describe.configure({ mode: "parallel" });
test.use({ lang: "en" });

const IN_PREPARATION = 998;
const READY = 10;
const EXPEDITION_REVISION = 4;
const RECEPTION_SENT = 999;
const RECEPTION_REVISION = 8;

/**
 * Field labels of a fork-lift's line card (the forkLift layout of columns.ts as cardLayout
 * places it: facts, then details; delivery note, status and reason are the card's title and
 * controls), in English.
 */
const FORKLIFT_EXPEDITION_LABELS = [
  "Client",
  "Bay",
  "Booked time",
  "Truck",
  "Booked date",
  "Loading date",
  "Loading time",
  "Packages",
  "Arrival date",
  "Arrival time",
  "Client notes",
  "Company notes",
  "Destination",
];
const FORKLIFT_RECEPTION_LABELS = FORKLIFT_EXPEDITION_LABELS.map((label) =>
  label === "Loading date"
    ? "Discharge date"
    : label === "Loading time"
      ? "Discharge time"
      : label === "Destination"
        ? "Origin"
        : label,
);
/** The kiosk wall: the columns that fit a 1280 or 1920 px screen at wall-reading size. */
const KIOSK_EXPEDITION_HEADERS = [
  "Booked time",
  "Delivery note",
  "Client",
  "Destination",
  "Bay",
  "Truck",
  "Status",
  "Reason",
];

interface InlineChange {
  kind: ShipmentKind;
  /** The line this journey owns. */
  code: string;
  labels: string[];
  start: number;
  status: { id: number; label: string };
  reason: { code: string; label: string };
}

const FORKLIFT_CHANGES: InlineChange[] = [
  {
    kind: "expeditions",
    code: "ALB-101007",
    labels: FORKLIFT_EXPEDITION_LABELS,
    start: IN_PREPARATION,
    status: { id: EXPEDITION_REVISION, label: "Revision" },
    reason: { code: "MISSING", label: "Packages missing" },
  },
  {
    kind: "receptions",
    code: "REC-101007",
    labels: FORKLIFT_RECEPTION_LABELS,
    start: RECEPTION_SENT,
    status: { id: RECEPTION_REVISION, label: "Revision" },
    reason: { code: "DOCS", label: "Wrong or missing documents" },
  },
];

for (const change of FORKLIFT_CHANGES) {
  test(`forklift changes a line's status and reason on /${change.kind}; they survive a reload`, async ({
    page,
    request,
    loginAs,
  }) => {
    const { kind, code } = change;
    const api = await ShipmentsApi.login(request, "forklift");
    const [company] = (await api.profile()).companies;
    if (company === undefined) throw new Error("forklift has no company");
    await api.patch(kind, company, code, { status: change.start });

    await loginAs("forklift", { landing: false });
    const list = new ShipmentsListPage(page, kind);
    await list.goto({ code });
    await list.waitForLines();
    await expect(list.rows()).toHaveCount(1);
    // A fork-lift driver gets line cards, whatever the screen: never the desktop table.
    await expect(list.table).toHaveCount(0);
    await expect(list.cardLabels(code)).toHaveText(change.labels);
    const status = list.row(code).getByRole("combobox", { name: SHIPMENT_LABELS.statusOf(code) });
    await expect(status).toHaveValue(String(change.start));

    await status.selectOption({ label: change.status.label });
    await expect(status).toHaveValue(String(change.status.id));
    const reason = list.row(code).getByRole("combobox", { name: SHIPMENT_LABELS.reasonOf(code) });
    await expect(reason).toHaveValue("");
    await reason.selectOption({ label: change.reason.label });
    await expect(reason).toHaveValue(change.reason.code);
    await list.waitUntilSaved(code);
    await expect(list.errorSavingNotice()).toHaveCount(0);

    // Saved on the server, not only in the device's mirror.
    await expect
      .poll(async () => {
        const line = await api.byCode(kind, company, code);
        return [line.status.id, line.reason?.code ?? null];
      })
      .toEqual([change.status.id, change.reason.code]);

    await list.reload();
    await expect(list.rows()).toHaveCount(1);
    await expect(status).toHaveValue(String(change.status.id));
    await expect(reason).toHaveValue(change.reason.code);
    expect(await chosenText(status)).toBe(change.status.label);
    expect(await chosenText(reason)).toBe(change.reason.label);
  });
}

test("a status change refused because another user changed the line first reverts to theirs", async ({
  page,
  request,
  loginAs,
}) => {
  const code = "ALB-101013";
  const kind = "expeditions";
  const other = await ShipmentsApi.login(request, "office");
  const [company] = (await (await ShipmentsApi.login(request, "warehouse")).profile()).companies;
  if (company === undefined) throw new Error("warehouse has no company");
  await other.patch(kind, company, code, { status: IN_PREPARATION });

  await loginAs("warehouse", { landing: false });
  const list = new ShipmentsListPage(page, kind);
  await list.goto({ code });
  const status = list.statusSelect(code);
  await expect(status).toHaveValue(String(IN_PREPARATION));

  // Office changes the line while warehouse's change is on its way (live updates would refresh
  // a line warehouse merely looks at within a second, so the race is set up on the request).
  let raced = false;
  await page.route("**/api/expedition/*", async (route) => {
    if (route.request().method() === "PATCH" && !raced) {
      raced = true;
      await other.patch(kind, company, code, { status: READY });
    }
    await route.continue();
  });

  await status.selectOption({ label: "Revision" });
  await expect(list.errorSavingNotice()).toBeVisible();
  await expect(status).toHaveValue(String(READY));
  expect(await chosenText(status)).toBe("Ready");
  await expect(list.reasonSelect(code)).toHaveCount(0);
  // The refused change left the server alone.
  expect((await other.byCode(kind, company, code)).status.id).toBe(READY);
});

test("client sees only the lines of its own clients", async ({ page, request, loginAs }) => {
  // Walks every page of the list (four or five loads): more than the usual 30 s on 2 cores.
  test.setTimeout(60_000);
  const kind = "expeditions";
  const clientApi = await ShipmentsApi.login(request, "client");
  const { companies, clients } = await clientApi.profile();
  const [company] = companies;
  if (company === undefined) throw new Error("client has no company");
  expect(clients.length).toBeGreaterThan(0);

  // What the company holds, as admin sees it.
  const admin = await ShipmentsApi.login(request, "admin");
  const all = (await admin.list(kind, company)).results;
  const own = all.filter((line) => line.client !== null && clients.includes(line.client.id));
  const others = all.filter((line) => line.client === null || !clients.includes(line.client.id));
  const ownNames = [...new Set(own.map((line) => line.client?.description ?? ""))];
  expect(own.length, "lines of the client's clients").toBeGreaterThan(0);
  expect(others.length, "lines of other clients in the company").toBeGreaterThan(0);
  expect(DEMO_USER_CLIENTS.client).toEqual(expect.arrayContaining(ownNames));

  // The API already scopes the client user.
  const seen = await clientApi.list(kind, company);
  expect(seen.count).toBe(own.length);
  expect(seen.results.map((line) => line.code).sort()).toEqual(own.map((l) => l.code).sort());

  await loginAs("client", { landing: false });
  const list = new ShipmentsListPage(page, kind);
  await list.goto();
  await list.waitForLines();
  await expect(list.summary).toContainText(`${own.length} lines`);

  // Every page, in the server's order (booked date, then id).
  const pageSize = 10;
  const pages = Math.ceil(seen.results.length / pageSize);
  for (let index = 0; index < pages; index++) {
    const expected = seen.results.slice(index * pageSize, (index + 1) * pageSize);
    if (index > 0) await list.nextPage.click();
    await expect(list.summary).toContainText(`page ${index + 1} of ${pages}`);
    await expect
      .poll(() => list.columnTexts(SHIPMENT_LABELS.deliveryNote))
      .toEqual(expected.map((line) => line.code));
    for (const name of await list.columnTexts(SHIPMENT_LABELS.client)) {
      expect(ownNames).toContain(name);
    }
  }

  // Another client's line cannot be reached by its delivery note either.
  const foreign = others[0];
  if (!foreign) throw new Error("no line of another client");
  await list.goto({ code: foreign.code });
  await expect(list.empty).toBeVisible();
  await expect(list.rows()).toHaveCount(0);
});

test("desktop: the delivery note column stays in view while the table scrolls sideways", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("office", { landing: false });
  const list = new ShipmentsListPage(page, "expeditions");
  await list.goto();
  await expect(list.statusSelects().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(list.cards).toHaveCount(0);
  const note = list.table.getByRole("columnheader", { name: SHIPMENT_LABELS.deliveryNote });
  const wrap = list.table.locator("xpath=..");
  const scrollable = await wrap.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(scrollable, "the 17-column table is wider than the screen").toBeGreaterThan(100);
  await wrap.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  const [box, wrapBox] = await Promise.all([note.boundingBox(), wrap.boundingBox()]);
  expect(box && wrapBox && box.x - wrapBox.x).toBeLessThanOrEqual(2);
  // The status select at the far end is in view together with the delivery note.
  const status = list.statusSelects().first();
  await expect(status).toBeInViewport();
  await page.screenshot({ path: "test-results/screenshots/desktop-1280x800.png" });
});

test("kiosk: the expeditions list has no actions and read-only statuses", async ({
  page,
  loginAs,
  checkA11y,
}) => {
  await loginAs("kiosk", { landing: false });
  // Today's lines, as the kiosk rotation shows them (its ticks then leave the page alone).
  const today = DateTime.now().toISODate();
  const list = new ShipmentsListPage(page, "expeditions");
  await list.goto({ booked_date_after: today, booked_date_before: today });
  await expect(list.rows().first()).toBeVisible();
  await expect(list.columnHeaders()).toHaveText(KIOSK_EXPEDITION_HEADERS);
  await expect(list.columnHeader(SHIPMENT_LABELS.actions)).toHaveCount(0);
  await expect(list.deleteButtons()).toHaveCount(0);
  await expect(list.table.getByRole("link", { name: /^details of /i })).toHaveCount(0);
  await expect(list.statusSelects()).toHaveCount(0);
  await expect(list.table.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^add expedition$/i })).toHaveCount(0);
  // Each status reads as plain text (its label, then the timing).
  const statusText =
    /^(In preparation|Ready|Ready to send|Issued|Sent|Revision|Cancelled|Attention required|Delay)(In time|Forward|Delay)$/;
  await expect
    .poll(async () => {
      const texts = await list.columnTexts(SHIPMENT_LABELS.status);
      return texts.length > 0 && texts.every((text) => statusText.test(text));
    })
    .toBe(true);
  await checkA11y();
});

for (const kind of ["expeditions", "receptions"] as const) {
  test(`/${kind} has no serious or critical axe violations`, async ({
    page,
    loginAs,
    checkA11y,
  }) => {
    // axe over a 17-column table with its selects takes 5-8 s on two busy cores.
    test.setTimeout(45_000);
    await loginAs("office", { landing: false });
    const list = new ShipmentsListPage(page, kind);
    await list.goto();
    // Rows with their inline selects and delete buttons: every control the page can show.
    await expect(list.statusSelects().first()).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await checkA11y();
  });
}

import type { SyncIssueRow } from "../../src/client/offline/db";
import { DEMO_PASSWORD } from "./demo-users";
import { expect, test } from "./fixtures";
import { ConflictCard, signedInUserId } from "./offline-forms-page-model";
import { ShipmentsApi, SyncIssuesPage } from "./offline-sync-page-model";
import { LoginPage, PAGE_LOAD_TIMEOUT } from "./page-models";
import { shownInYard } from "./yard-time-zone";

/**
 * Offline shipment forms (issue 11): lines created and edited without network reach the server
 * once, edits of different fields by two users both survive, and a field both changed is a
 * conflict the sync issues list shows with both values and a choice.
 */
test.describe.configure({ timeout: 60_000 });
test.use({ lang: "en", viewport: { width: 1024, height: 768 }, hasTouch: true });

const SCREENS = [
  { name: "tablet", width: 1024, height: 768 },
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** A conflict as the replayer stores it, for a line of the office's company. */
function conflictIssue(userId: number, line: { id: number; code: string }): SyncIssueRow {
  const now = Date.now();
  return {
    kind: "conflict",
    conflicts: [
      {
        field: "client",
        base: 1,
        mine: 2,
        theirs: 3,
        mineShown: { id: 2, description: "Frutas del Sur" },
        theirsShown: { id: 3, description: "Hierros Norte" },
      },
      {
        field: "shipper",
        base: null,
        mine: 41,
        theirs: null,
        mineShown: { id: 41, name: "TRANSPORTES 41", phone: null, plate: "1234BCD" },
        theirsShown: null,
      },
      {
        field: "booked_date",
        base: "2026-11-24T08:00:00Z",
        mine: "2026-11-24T08:30:00Z",
        theirs: "2026-11-24T10:00:00Z",
        mineShown: "2026-11-24T08:30:00.000Z",
        theirsShown: "2026-11-24T10:00:00.000Z",
      },
      {
        field: "status",
        base: 998,
        mine: 10,
        theirs: 4,
        mineShown: { id: 10, description: "ready", color: "#2196f3" },
        theirsShown: { id: 4, description: "revision", color: "#f44336" },
      },
      {
        field: "client_notes",
        base: "",
        mine: "Call the driver before loading",
        theirs: "Gate 2 only",
        mineShown: "Call the driver before loading",
        theirsShown: "Gate 2 only",
      },
    ],
    entity: "shipment",
    entityId: line.id,
    op: "update",
    path: `api/expedition/${line.id}`,
    method: "PUT",
    body: {},
    changes: {},
    summary: { label: line.code, field: "edit", from: null, to: "Client, Truck" },
    userId,
    username: "office",
    company: "0",
    status: 412,
    code: "conflict",
    message: "Changed by someone else meanwhile",
    changedBy: "warehouse",
    madeAt: now - 60_000,
    refusedAt: now,
  };
}

test("the conflict card shows both values per field, readable, with a choice per field or for all", async ({
  page,
  request,
  checkA11y,
}) => {
  const office = await ShipmentsApi.login(request, "office");
  const line = await office.byCode("expeditions", "ALB-101049");
  const login = new LoginPage(page);
  await login.goto("/sync-issues");
  await login.login("office", DEMO_PASSWORD);
  const issues = new SyncIssuesPage(page);
  await expect(issues.heading).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  const issue = conflictIssue(await signedInUserId(page), line);
  // Stored straight into the device's database, as the replayer would after a 412 merge.
  await page.evaluate(async (row) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open("yardline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction("syncIssues", "readwrite");
        tx.objectStore("syncIssues").add(row);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, issue);
  await page.reload();
  const card = new ConflictCard(page, line.code);
  await expect(card.card).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await expect(card.card).toContainText("warehouse changed the same fields meanwhile");
  expect(await card.rows()).toEqual([
    ["Client", "Frutas del Sur", "Hierros Norte"],
    ["Truck", "1234BCD", "—"],
    ["Booked date", shownInYard("2026-11-24T08:30:00Z"), shownInYard("2026-11-24T10:00:00Z")],
    ["Status", "Ready", "Revision"],
    ["Client notes", "Call the driver before loading", "Gate 2 only"],
  ]);
  await card.expectTouchTargets();
  await checkA11y();
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.screenshot({
      path: `test-results/screenshots/conflict-card-${screen.width}x${screen.height}.png`,
      fullPage: true,
    });
  }

  await page.setViewportSize({ width: 1024, height: 768 });
  // Keyboard: the truck's "keep theirs" settles that field only.
  await card.keepTheirs("Truck").focus();
  await page.keyboard.press("Enter");
  await expect(card.keepTheirs("Truck")).toHaveCount(0);
  expect((await card.rows()).map((row) => row[0])).toEqual([
    "Client",
    "Booked date",
    "Status",
    "Client notes",
  ]);
  // Keeping theirs for all leaves nothing to settle and sends nothing.
  const writes: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() !== "GET") writes.push(`${sent.method()} ${sent.url()}`);
  });
  await card.keepAllTheirs().click();
  await expect(card.card).toHaveCount(0);
  await expect(page.getByText("No sync issues: every change reached the server.")).toBeVisible();
  expect(writes.filter((write) => write.includes("/api/expedition"))).toEqual([]);
});

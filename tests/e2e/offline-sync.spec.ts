import { expect, test } from "./fixtures";
import {
  expectServiceWorkerControl,
  OfflineShipmentsList,
  PatchLog,
  ShipmentsApi,
  SyncBar,
  SyncIssuesPage,
  serviceWorkerReady,
} from "./offline-sync-page-model";

// Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
test.use({ serviceWorkers: "allow" });

/**
 * Offline journeys of a tablet on the warehouse floor (issue 5): status changes queued without
 * network survive a reload and reach the server exactly once when it returns, a change refused
 * because someone else changed the line first is reverted and listed for review, two tabs of
 * one device send each change once between them, and logging out warns about queued changes.
 * Each test owns lines of the plain company (seeded ALB-1010xx / REC-1010xx, numbers 50 to 56,
 * which no other spec touches) and sets them to a known status through the API first, so the
 * tests run in any order and again on a reused server. Changes are counted on the server (each
 * line's status and history) and in the browser (PATCH requests per Idempotency-Key).
 */
test.describe.configure({ mode: "parallel", timeout: 45_000 });
test.use({ lang: "en", viewport: { width: 1024, height: 768 }, hasTouch: true });

const IN_PREPARATION = 998;
const READY = 10;
const READY_TO_SEND = 1;
const RECEPTION_SENT = 999;
const IN_PROGRESS = 5;

/** Sets each line to `status` (as `api`'s user); each line's id and history length before. */
async function startFrom(
  api: ShipmentsApi,
  kind: "expeditions" | "receptions",
  codes: readonly string[],
  status: number,
): Promise<{ id: number; history: number }[]> {
  return Promise.all(
    codes.map(async (code) => {
      const line = await api.setStatus(kind, code, status);
      return { id: line.id, history: (await api.history(line.id)).length };
    }),
  );
}

/** Each line of `codes` has `status` on the server and exactly one history entry more. */
async function expectOnServer(
  api: ShipmentsApi,
  kind: "expeditions" | "receptions",
  codes: readonly string[],
  before: readonly { id: number; history: number }[],
  change: { by: string; from: number; to: number },
): Promise<void> {
  await Promise.all(
    codes.map(async (code, index) => {
      const { id, history } = before[index] ?? { id: 0, history: 0 };
      expect((await api.byCode(kind, code)).status.id, `${code} on the server`).toBe(change.to);
      const entries = await api.history(id);
      expect(entries.length, `history entries of ${code}`).toBe(history + 1);
      expect(entries[0]?.user?.username, `${code} changed by`).toBe(change.by);
      expect(entries[0]?.modified_fields.status).toEqual({ old: change.from, new: change.to });
    }),
  );
}

/** Each answered key was answered once; attempts without an answer are the offline tries. */
function expectEachSentOnce(log: PatchLog, changes: number): void {
  const answered = log.answeredPerKey();
  expect(answered.size, "changes that reached the server").toBe(changes);
  expect([...answered.values()], "answered requests per Idempotency-Key").toEqual(
    Array(changes).fill(1),
  );
}

test("five status changes made offline survive a reload and reach the server once each", async ({
  page,
  context,
  request,
}) => {
  const codes = ["ALB-101050", "ALB-101051", "ALB-101052", "ALB-101053", "ALB-101054"];
  const office = await ShipmentsApi.login(request, "office");
  // The lines' start and the tablet's sign-in at once (each sign-in waits for a slow KDF).
  const list = new OfflineShipmentsList(page, "expeditions");
  const bar = new SyncBar(page);
  const [before] = await Promise.all([
    startFrom(office, "expeditions", codes, IN_PREPARATION),
    list.openAs("forklift", "ALB-10105"),
  ]);
  // The first visit is not controlled by the service worker; a reload without network needs it.
  await serviceWorkerReady(page);
  await page.reload();
  await expect(list.heading).toBeVisible();
  await expectServiceWorkerControl(page);
  await list.expectLines(codes, IN_PREPARATION, false);
  const log = new PatchLog().watch(page);

  await context.setOffline(true);
  for (const code of codes) {
    await list.changeStatus(code, "Ready");
    await expect(list.waitingMark(code)).toBeVisible();
  }
  await list.expectLines(codes, READY, true);
  await bar.expectWaiting(5);

  await page.reload();
  await expect(list.heading).toBeVisible();
  await list.expectLines(codes, READY, true);
  await bar.expectWaiting(5);
  const meanwhile = await Promise.all(codes.map((code) => office.byCode("expeditions", code)));
  expect(meanwhile.map((line) => line.status.id)).toEqual(codes.map(() => IN_PREPARATION));

  await context.setOffline(false);
  await bar.expectWaiting(0);
  await list.expectLines(codes, READY, false);
  await expectOnServer(office, "expeditions", codes, before, {
    by: "forklift",
    from: IN_PREPARATION,
    to: READY,
  });
  expectEachSentOnce(log, 5);
});

test("a change refused because another user changed the line reverts, is listed and can be re-applied", async ({
  page,
  context,
  request,
}) => {
  const code = "ALB-101055";
  // Forklift may not read line histories: the 412 answer itself names who changed the line.
  const admin = await ShipmentsApi.login(request, "admin");
  const list = new OfflineShipmentsList(page, "expeditions");
  const bar = new SyncBar(page);
  const [[before]] = await Promise.all([
    startFrom(admin, "expeditions", [code], IN_PREPARATION),
    list.openAs("forklift", code),
  ]);
  await list.expectLines([code], IN_PREPARATION, false);
  const log = new PatchLog().watch(page);

  await context.setOffline(true);
  await list.changeStatus(code, "Ready");
  await list.expectLines([code], READY, true);
  await bar.expectWaiting(1);
  // Meanwhile admin changes the same line (If-Match of its current version).
  await admin.setStatus("expeditions", code, READY_TO_SEND);

  await context.setOffline(false);
  await expect(list.errorSavingNotice()).toBeVisible({ timeout: 15_000 });
  await list.expectLines([code], READY_TO_SEND, false);
  await bar.expectWaiting(0);
  await bar.expectIssues(1);
  expect((await admin.byCode("expeditions", code)).status.id).toBe(READY_TO_SEND);

  await bar.issues.click();
  const issues = new SyncIssuesPage(page);
  await expect(issues.heading).toBeVisible();
  const card = issues.card(code);
  await expect(card).toContainText("Status: In preparation → Ready");
  await expect(card).toContainText("Changed meanwhile by admin");
  await expect(card).toContainText("Made by forklift");

  await issues.reapply(code).click();
  await expect(card).toHaveCount(0);
  await expect(bar.issues).toHaveCount(0);
  await bar.expectWaiting(0);
  // Admin's change and the re-applied one: two entries more, the newest forklift's.
  await expect.poll(async () => (await admin.byCode("expeditions", code)).status.id).toBe(READY);
  const history = await admin.history(before?.id ?? 0);
  expect(history.length).toBe((before?.history ?? 0) + 2);
  expect(history[0]?.user?.username).toBe("forklift");
  expect(history[0]?.modified_fields.status).toEqual({ old: READY_TO_SEND, new: READY });

  await list.goto(code);
  await list.expectLines([code], READY, false);
  // The refused change (412) and the re-applied one: two keys, each answered once.
  expectEachSentOnce(log, 2);
});

test("two tabs of one device send each queued change once between them", async ({
  page,
  context,
  request,
}) => {
  const codes = ["REC-101050", "REC-101051", "REC-101052"];
  const office = await ShipmentsApi.login(request, "office");
  const first = new OfflineShipmentsList(page, "receptions");
  const [before] = await Promise.all([
    startFrom(office, "receptions", codes, RECEPTION_SENT),
    first.openAs("forklift", "REC-10105"),
  ]);
  const second = new OfflineShipmentsList(await context.newPage(), "receptions");
  await second.goto("REC-10105");
  for (const tab of [first, second]) await tab.expectLines(codes, RECEPTION_SENT, false);
  const log = new PatchLog().watch(first.page).watch(second.page);

  await context.setOffline(true);
  for (const code of codes) {
    await first.changeStatus(code, "In progress");
    await expect(first.waitingMark(code)).toBeVisible();
  }
  // The second tab follows the device's database: the same lines wait there too.
  for (const tab of [first, second]) {
    await new SyncBar(tab.page).expectWaiting(3);
    await tab.expectLines(codes, IN_PROGRESS, true);
  }

  await context.setOffline(false);
  for (const tab of [first, second]) {
    await new SyncBar(tab.page).expectWaiting(0);
    await tab.expectLines(codes, IN_PROGRESS, false);
  }
  await expectOnServer(office, "receptions", codes, before, {
    by: "forklift",
    from: RECEPTION_SENT,
    to: IN_PROGRESS,
  });
  expectEachSentOnce(log, 3);
});

test("logging out with changes still queued warns, and Cancel keeps them", async ({
  page,
  context,
  request,
}) => {
  const code = "ALB-101056";
  const office = await ShipmentsApi.login(request, "office");
  const list = new OfflineShipmentsList(page, "expeditions");
  const bar = new SyncBar(page);
  await Promise.all([
    startFrom(office, "expeditions", [code], IN_PREPARATION),
    list.openAs("forklift", code),
  ]);
  await list.expectLines([code], IN_PREPARATION, false);

  await context.setOffline(true);
  await list.changeStatus(code, "Ready");
  await list.expectLines([code], READY, true);
  await bar.expectWaiting(1);

  await bar.askLogout();
  await expect(bar.logoutWarning).toBeVisible();
  await expect(bar.logoutWarning).toContainText(
    "1 change made on this device has not reached the server yet.",
  );
  await bar.logoutWarning.getByRole("button", { name: "Cancel" }).click();
  await expect(bar.logoutWarning).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === "/expeditions");
  await bar.expectWaiting(1);
  await list.expectLines([code], READY, true);

  // Still queued, so still sent once the network is back.
  await context.setOffline(false);
  await bar.expectWaiting(0);
  await expect.poll(async () => (await office.byCode("expeditions", code)).status.id).toBe(READY);
});

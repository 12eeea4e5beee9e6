import type { Page } from "@playwright/test";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { TaskListPage } from "./task-list-page-model";

/**
 * Issue 17: task lines booked on a tablet without network wait on the device (outbox), show at
 * once as "Waiting to sync", and reach the server once each when the network is back.
 */
const SHOTS = "test-results/screenshots";

test.use({
  lang: "en",
  // Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
  serviceWorkers: "allow",
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
});

/**
 * Closes the notices and scrolls to the top, so a full-page screenshot shows every card. A
 * notice may also leave by itself between the count and the click: a click then waits for a
 * button that never comes back (a run timed out so), so each click is short and the whole is
 * retried until no notice is left.
 */
async function clearNotices(page: Page): Promise<void> {
  const close = page.getByRole("button", { name: "Dismiss", exact: true });
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 1_000 });
    expect(await close.count()).toBe(0);
  }).toPass({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The form's choices the page keeps for offline entry (IndexedDB `taskLookups`). */
function keptChoices(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("yardline");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("taskLookups")) return resolve(0);
          const count = db.transaction("taskLookups").objectStore("taskLookups").count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
  );
}

test("a tablet books two task lines offline; they reach the server once each, then an edit and a delete", async ({
  page,
  context,
  request,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  // A day of its own: the office journey (task-list-public) pages through today's lines.
  const day = DateTime.local().plus({ years: 6 }).toISODate() ?? "";
  const office = await apiAs(request, "office");
  const task = `Offline ${tag}`;
  const worksheet = JSON.parse(
    (await office.send("post", "/api/worksheet", { name: task })).body,
  ) as { id: number };
  await office.send("post", "/api/work-description", { name: "Pallets", worksheet: worksheet.id });
  const me = await office.get<{ user: { id: number } }>("/api/user/auth");
  const acme = await office.clientId("ACME");
  const description = await office.get<{ results: { id: number }[] }>("/api/work-description", {
    worksheet: worksheet.id,
  });
  const seeded = await office.send("post", "/api/task-line", {
    date: day,
    user: me.user.id,
    worksheet: worksheet.id,
    description: description.results[0]?.id,
    client: acme,
    time_hours: 1,
    reference: `SEED-${tag}`,
  });
  expect(seeded.status, seeded.body).toBe(201);

  const creations: number[] = [];
  page.on("response", (response) => {
    const sent = response.request();
    if (sent.method() === "PUT" && new URL(sent.url()).pathname.startsWith("/api/task-line/uid/"))
      creations.push(response.status());
  });

  await loginAs("office");
  const list = new TaskListPage(page);
  const name = encodeURIComponent(task);
  await list.goto(
    `?date_after=${day}&date_before=${day}&worksheet=${worksheet.id}&worksheet_name=${name}`,
  );
  const group = list.group(task);
  // On a tablet each line is a card (the table's header row is not shown).
  await expect(group.getByRole("row")).toHaveCount(1);
  // Opening the list online keeps the form's choices on the device.
  await expect.poll(() => keptChoices(page), { timeout: 15_000 }).toBe(4);

  await context.setOffline(true);
  for (const [reference, hours] of [
    [`OFF1-${tag}`, "2"],
    [`OFF2-${tag}`, "0,5"],
  ] as const) {
    await list.plus(task).click();
    await expect(list.combo("Task")).toHaveValue(task);
    await list.dialog.getByLabel(/^Date/).fill(day);
    await list.choose(list.combo("Description"), "pal", "Pallets");
    await list.choose(list.combo("Client"), "acme", /ACME FOODS/);
    await list.field("Hours").fill(hours);
    await list.field("Reference").fill(reference);
    await list.button("Save").click();
    await expect(list.dialog).toBeHidden();
    await expect(group.getByRole("row", { name: new RegExp(reference) })).toContainText(
      "Waiting to sync",
    );
  }
  await expect(group.getByText("Waiting to sync")).toHaveCount(2);
  await expect(group).toContainText("3.50 h on this page");
  await clearNotices(page);
  await page.screenshot({ path: `${SHOTS}/task-list-offline-1024.png`, fullPage: true });
  await checkA11y();
  const meanwhile = await office.get<{ count: number }>("/api/task-line", {
    worksheet: worksheet.id,
  });
  expect(meanwhile.count, "nothing reached the server offline").toBe(1);

  await context.setOffline(false);
  await expect(group.getByText("Waiting to sync")).toHaveCount(0, { timeout: 30_000 });
  await expect(group.getByRole("row")).toHaveCount(3);
  await expect(group.getByRole("button", { name: "Edit line" })).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/task-list-offline-synced-1024.png`, fullPage: true });

  for (const reference of [`OFF1-${tag}`, `OFF2-${tag}`]) {
    const stored = await office.get<{ count: number; results: { time_hours: number }[] }>(
      "/api/task-line",
      { reference },
    );
    expect(stored.count, reference).toBe(1);
  }
  const all = await office.get<{ results: { reference: string; time_hours: number }[] }>(
    "/api/task-line",
    { worksheet: worksheet.id, page_size: 100 },
  );
  expect(all.results.map((line) => [line.reference, line.time_hours]).sort()).toEqual([
    [`OFF1-${tag}`, 2],
    [`OFF2-${tag}`, 0.5],
    [`SEED-${tag}`, 1],
  ]);
  expect(creations.filter((status) => status === 201)).toHaveLength(2);

  // Offline again: an edit shows at once (waiting), a delete hides the line; both apply once.
  await context.setOffline(true);
  const first = group.getByRole("row", { name: new RegExp(`OFF1-${tag}`) });
  await first.getByRole("button", { name: "Edit line" }).click();
  await list.field("Hours").fill("4");
  await list.button("Save").click();
  await expect(list.dialog).toBeHidden();
  await expect(first).toContainText("4.00");
  await expect(first).toContainText("Waiting to sync");
  const seed = group.getByRole("row", { name: new RegExp(`SEED-${tag}`) });
  await seed.getByRole("button", { name: "Delete line" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(seed).toHaveCount(0);
  await clearNotices(page);
  await page.screenshot({ path: `${SHOTS}/task-list-offline-edit-1024.png`, fullPage: true });
  await context.setOffline(false);
  await expect(group.getByText("Waiting to sync")).toHaveCount(0, { timeout: 30_000 });
  await expect(group.getByRole("row")).toHaveCount(2);
  // The list hides a deleted line at once, so the screen cannot tell when the delete was
  // answered (it replays after the edit): the server is asked until both have applied.
  await expect
    .poll(
      async () => {
        const after = await office.get<{ results: { reference: string; time_hours: number }[] }>(
          "/api/task-line",
          { worksheet: worksheet.id, page_size: 100 },
        );
        return after.results.map((line) => [line.reference, line.time_hours]).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([
      [`OFF1-${tag}`, 4],
      [`OFF2-${tag}`, 0.5],
    ]);
});

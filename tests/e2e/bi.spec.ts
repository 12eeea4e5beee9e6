import { readFileSync } from "node:fs";
import type { Download, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { KioskScreen } from "./kiosk-page-model";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/**
 * Insight (issue 16): the office builds BI charts, opens the rows behind a bar and a slice,
 * follows a detail link and downloads the chart as a landscape PDF and the raw chart and detail
 * as CSV (parsed back); a kiosk wall rotates through the indicator views and keeps them through
 * a network drop.
 */
test.use({ lang: "en" });

/** The CSV text of a download: UTF-8 with a byte-order mark, semicolons, CRLF rows. */
async function csvOf(download: Download): Promise<string[][]> {
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";"));
}

async function downloadOf(page: Page, button: string): Promise<Download> {
  const waiting = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  return waiting;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

test("office: lines and incidences as bar and pie, the rows behind them, PDF and CSV exports", async ({
  page,
  request,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const office = await apiAs(request, "office");
  const today = DateTime.local().toISODate() ?? "";
  const from = DateTime.local().minus({ days: 3 }).toISODate() ?? "";
  const to = DateTime.local().plus({ days: 3 }).toISODate() ?? "";
  const figures = await office.get<{ booked_date: string; value: number }[]>("/api/metrics/lines", {
    date_start: from,
    date_end: to,
    type: 0,
  });
  const todayCount = figures.find((row) => row.booked_date === today)?.value ?? 0;
  expect(todayCount, "demo lines today").toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("office", { landing: false });
  await page.goto("/bi");
  await expect(page.getByRole("heading", { name: "BI", level: 1 })).toBeVisible();

  // It opens on this month's chart; without dates, the spec's fill_dates warning.
  await expect(page.getByRole("figure", { name: /^Lines / })).toBeVisible();
  await page.getByLabel("From", { exact: true }).fill("");
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Fill date fields")).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByLabel("Metric").selectOption("lines");
  await page.getByLabel("Type").selectOption("0");
  await page.getByRole("button", { name: "OK" }).click();
  const chart = page.getByRole("figure", { name: `Lines ${from} – ${to}` });
  await expect(chart).toBeVisible();

  // A bar is labelled with its day and value; clicking it lists its lines below.
  // Other journeys book lines for today in parallel: the figures are read from the page, which
  // must agree with itself (bar, detail caption, rows, CSV), not with a count taken earlier.
  const todayBar = chart.getByRole("button", { name: new RegExp(`^${today}: \\d+$`) });
  const shownCount = Number((await todayBar.getAttribute("aria-label"))?.split(": ")[1]);
  expect(shownCount, "the bar of today").toBeGreaterThan(0);
  await todayBar.click();
  const detail = page.getByRole("table", { name: new RegExp(`^Detail: ${today} \\(\\d+\\)$`) });
  await expect(detail).toBeVisible();
  const detailCount = Number(
    /\((\d+)\)$/.exec((await detail.locator("caption").textContent()) ?? "")?.[1],
  );
  await expect(detail.getByRole("row")).toHaveCount(detailCount + 1);
  await shot(page, "bi-lines-bar-1280x800");
  await checkA11y();

  // Raw chart and raw detail as CSV, parsed back.
  const rawChart = await downloadOf(page, "Download raw chart (CSV)");
  expect(rawChart.suggestedFilename()).toBe(`bi_lines_both_${from}_${to}.csv`);
  const chartRows = await csvOf(rawChart);
  expect(chartRows[0]).toEqual(["Booked date", "Value"]);
  expect(chartRows.slice(1).map((row) => row[0])).toEqual(figures.map((row) => row.booked_date));
  expect(chartRows.slice(1).find((row) => row[0] === today)?.[1]).toBe(String(shownCount));
  const rawDetail = await downloadOf(page, "Download raw detail (CSV)");
  expect(rawDetail.suggestedFilename()).toBe(`bi_lines_both_${from}_${to}_detail_${today}.csv`);
  const detailRows = await csvOf(rawDetail);
  expect(detailRows[0]).toEqual([
    "ID",
    "Type",
    "Delivery note",
    "Booked date",
    "Client",
    "Truck",
    "Status",
    "Reason",
  ]);
  expect(detailRows).toHaveLength(detailCount + 1);
  expect(detailRows.slice(1).every((row) => row.length === 8 && !row.includes(""))).toBe(true);

  // The chart as a landscape PDF.
  const pdf = await downloadOf(page, "Download chart (PDF)");
  expect(pdf.suggestedFilename()).toBe(`bi_lines_both_${from}_${to}.pdf`);
  const pdfBytes = readFileSync(await pdf.path()).toString("latin1");
  expect(pdfBytes.startsWith("%PDF-")).toBe(true);
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdfBytes);
  expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
  expect(pdfBytes).toContain("/Subtype /Image");
  expect(pdfBytes.length, "PDF bytes").toBeLessThan(300 * 1024);

  // Yard times: dwell per arrival day and the carrier scorecard, sortable, as CSV.
  const card = page.getByRole("table", { name: /^Carrier scorecard/ });
  await expect(card.getByRole("row").nth(1)).toBeVisible();
  await card.getByRole("button", { name: "On time %" }).click();
  await expect(card.getByRole("columnheader", { name: /On time %/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const scores = await csvOf(await downloadOf(page, "Download scorecard (CSV)"));
  expect(scores[0]).toEqual([
    "carrier",
    "lines",
    "arrivals",
    "on_time",
    "on_time_rate",
    "incidences",
    "median_dwell_minutes",
  ]);
  expect(scores).toHaveLength(await card.getByRole("row").count());
  await expect(page.getByRole("table", { name: "Dwell per arrival day" })).toBeVisible();
  // Only admins set the on-time tolerance.
  await expect(page.getByRole("form", { name: "On-time tolerance" })).toHaveCount(0);

  // Dwell per carrier and per truck: the API's figures, a row's lines below, both as CSV.
  const groups = await office.get<
    { carrier: string; truck: { plate: string } | null; lines: number; p90_minutes: number }[]
  >("/api/metrics/dwell-groups", { date_start: from, date_end: to, type: 0, by: "truck" });
  expect(groups.length, "demo trucks that came and went").toBeGreaterThan(0);
  await page.getByLabel("Dwell by").selectOption("truck");
  const perTruck = page.getByRole("table", { name: "Dwell per truck" });
  await expect(perTruck.getByRole("row")).toHaveCount(groups.length + 1);
  const slowest = [...groups].sort((a, b) => b.p90_minutes - a.p90_minutes)[0];
  const slowestName = `${slowest?.carrier} · ${slowest?.truck?.plate}`;
  // Sorted by p90, slowest first: its row comes first.
  await expect(perTruck.getByRole("row").nth(1)).toContainText(slowest?.truck?.plate ?? "");
  const perTruckCsv = await csvOf(await downloadOf(page, "Download dwell per truck (CSV)"));
  // The yard-time exports speak the user's language (issue 26: bi/csv-headers.ts).
  expect(perTruckCsv[0]).toEqual([
    "Carrier",
    "Plate",
    "Lines",
    "Median (min)",
    "90th percentile (min)",
  ]);
  expect(perTruckCsv).toHaveLength(groups.length + 1);
  await perTruck.getByRole("button", { name: `Lines of ${slowestName}` }).click();
  const dwellLines = page.getByRole("table", {
    name: `Dwell lines: ${slowestName} (${slowest?.lines})`,
  });
  await expect(dwellLines.getByRole("row")).toHaveCount((slowest?.lines ?? 0) + 1);
  await shot(page, "bi-dwell-per-truck-1280x800");
  const linesCsv = await csvOf(await downloadOf(page, "Download dwell lines (CSV)"));
  expect(linesCsv[0]?.slice(-3)).toEqual(["Arrival date", "Departure date", "Dwell (min)"]);
  expect(linesCsv).toHaveLength((slowest?.lines ?? 0) + 1);
  const dwellFigures = linesCsv.slice(1).map((row) => Number(row[8]));
  expect(dwellFigures).toEqual([...dwellFigures].sort((a, b) => b - a));
  await page.getByLabel("Dwell by").selectOption("carrier");
  await expect(page.getByRole("table", { name: "Dwell per carrier" })).toBeVisible();

  // Incidences as a pie; its data table opens a slice's rows, whose link leads to the line.
  await page.getByLabel("Pie").check();
  await page.getByLabel("Metric").selectOption("incidences");
  await page.getByRole("button", { name: "OK" }).click();
  const pie = page.getByRole("figure", { name: `Incidences ${from} – ${to}` });
  await expect(pie).toBeVisible();
  const slice = pie.getByRole("table", { name: "Chart data" }).getByRole("button").first();
  await slice.click();
  const incidences = page.getByRole("table", { name: /^Detail: / });
  await expect(incidences).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot(page, "bi-incidences-pie-1024x768");
  const link = incidences.getByRole("link").first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/(expedition|reception)\/\d+$/);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === href);

  // Trucks: no type choice; bars per register day.
  await page.goBack();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByLabel("Metric").selectOption("trucks");
  await expect(page.getByLabel("Type")).toHaveCount(0);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("figure", { name: `Trucks ${from} – ${to}` })).toBeVisible();

  // Indicators for the office: a view picker, tiles with their growth.
  await page.goto("/indicators");
  await expect(page.getByRole("heading", { name: "Indicators: General, annual" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(5);
  await page.getByRole("button", { name: "General, quarterly" }).click();
  await expect(page.getByText(/^(First|Second|Third|Fourth) quarter \d{4}$/)).toBeVisible();
  await shot(page, "indicators-office-1280x800");
  await checkA11y();
});

test("admin: sets the on-time tolerance beside the scorecard, with clear errors", async ({
  page,
  request,
  loginAs,
  checkA11y,
}) => {
  const admin = await apiAs(request, "admin");
  const from = DateTime.local().minus({ days: 3 }).toISODate() ?? "";
  const to = DateTime.local().toISODate() ?? "";
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("admin", { landing: false });
  await page.goto("/bi");
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("figure", { name: `Lines ${from} – ${to}` })).toBeVisible();
  const form = page.getByRole("form", { name: "On-time tolerance" });
  const minutes = form.getByLabel("On-time tolerance (minutes after the booked time)");
  await expect(minutes).toHaveValue("15");
  try {
    // Enter in the field saves as the button does. The yard times above the form reload for
    // the new dates meanwhile and move it: a click then once landed beside the button (CI).
    await minutes.fill("ten");
    await minutes.press("Enter");
    await expect(form.getByText("Enter whole minutes, for example 15.")).toBeVisible();
    await minutes.fill("300");
    await minutes.press("Enter");
    await expect(form.getByText("Enter a number of minutes from 0 to 240.")).toBeVisible();
    await shot(page, "bi-tolerance-error-1280x800");
    await checkA11y();
    await minutes.fill("30");
    await form.getByRole("button", { name: "Save tolerance" }).click();
    await expect(
      page.getByRole("table", { name: "Carrier scorecard (on time: within 30 min)" }),
    ).toBeVisible();
    expect(await admin.get("/api/metrics/settings")).toEqual({ on_time_tolerance_minutes: 30 });
  } finally {
    await admin.send("put", "/api/metrics/settings", { on_time_tolerance_minutes: 15 });
  }
});

test("admin: uploads an alert image on /alerts, steps to it, and removes it", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs("admin", { landing: false });
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Alerts:");
  // A real PNG (the demo's own poster bytes are drawn the same way at seed time).
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const form = page.getByRole("form", { name: "Upload an alert" });
  await form
    .getByLabel(/^Image/)
    .setInputFiles({ name: "gate.png", mimeType: "image/png", buffer: png });
  await form.getByLabel("Description").fill("Gate 2 closed today");
  await form.getByRole("button", { name: "Upload" }).click();
  // The new image comes last: step back once from the first.
  await expect(page.getByText("1 / 3")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alerts: Gate 2 closed today");
  await expect(page.getByRole("img", { name: "Gate 2 closed today" })).toBeVisible();
  await form.getByRole("button", { name: "Delete this alert" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  // Gone: the demo's two posters are left.
  await expect(page.getByText("2 / 2")).toBeVisible();
  await expect(page.getByRole("img", { name: "Gate 2 closed today" })).toHaveCount(0);
});

test.describe("kiosk", () => {
  // Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
  test.use({ serviceWorkers: "allow", viewport: { width: 1920, height: 1080 } });

  test("kiosk: the rotation shows the three indicator views and the alert images, 10 s each, and keeps them offline", async ({
    page,
    context,
    loginAs,
  }) => {
    test.setTimeout(120_000);
    const kiosk = new KioskScreen(page);
    await page.clock.install();
    await loginAs("kiosk");
    const heading = page.getByRole("heading", { level: 1 });
    // From the expeditions' pages on to the indicators.
    await expect(kiosk.heading("Expeditions")).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    // One tick a run from here: a slow screenshot must not let a tick of its own skip a screen.
    await kiosk.pauseClock();
    await kiosk.tickUntil("/indicators");
    await expect(heading).toHaveText("Indicators: General, annual", {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    const tiles = page.getByRole("article");
    await expect(tiles).toHaveCount(5);
    await expect(page.getByRole("navigation", { name: "Indicator views" })).toHaveCount(0);
    // The growth line says which way and by how much, or that there is no previous figure.
    await expect(tiles.first()).toContainText(/[▲▼=]|no previous figure/);
    await expect(page.getByText("no figure", { exact: true })).toHaveCount(0);
    // Both walls show all five tiles without scrolling, the growth line in large type.
    const fitsTheWall = async (width: number, height: number) => {
      await page.setViewportSize({ width, height });
      await expect(tiles).toHaveCount(5);
      const box = await tiles.last().boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${width}x${height}`).toBeLessThanOrEqual(height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      const growthPx = await tiles
        .first()
        .locator("p")
        .last()
        .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
      expect(growthPx, `growth type at ${width}x${height}`).toBeGreaterThanOrEqual(height / 25);
    };
    await fitsTheWall(1920, 1080);
    await page.screenshot({ path: "test-results/screenshots/indicators-kiosk-1920x1080.png" });
    await fitsTheWall(1280, 720);
    await page.screenshot({ path: "test-results/screenshots/indicators-kiosk-1280x720.png" });
    await page.setViewportSize({ width: 1920, height: 1080 });

    await kiosk.tick();
    await expect(heading).toHaveText("Indicators: General, quarterly");
    await expect(page.getByText(/^(First|Second|Third|Fourth) quarter \d{4}$/)).toBeVisible();
    await expect(tiles).toHaveCount(5);
    await kiosk.tick();
    await expect(heading).toHaveText("Indicators: Area C");
    await expect(tiles).toHaveCount(5);
    const lines = await tiles.filter({ hasText: "Lines handled" }).textContent();

    // Then the alerts wall: the demo posters, one a tick.
    await kiosk.tick();
    await expect(heading).toHaveText("Alerts: Wear your high-visibility vest in the yard");
    await expect(
      page.getByRole("img", { name: "Wear your high-visibility vest in the yard" }),
    ).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/alerts-kiosk-1920x1080.png" });
    await kiosk.tick();
    await expect(heading).toHaveText("Alerts: Forklifts crossing: walk on the marked paths");

    // The network drops: round the rotation again, the views keep their last figures.
    await kiosk.waitForCachedShell();
    await context.setOffline(true);
    for (let tick = 0; tick < 12; tick += 1) {
      await kiosk.tick();
      const url = new URL(page.url());
      if (url.pathname === "/indicators" && url.searchParams.get("page") === "3") break;
    }
    await expect(heading).toHaveText("Indicators: Area C");
    await expect(kiosk.offlineMarker()).toBeVisible();
    await expect(tiles.filter({ hasText: "Lines handled" })).toHaveText(lines ?? "");
    await expect(kiosk.errorScreen()).toHaveCount(0);
    await page.screenshot({
      path: "test-results/screenshots/indicators-kiosk-offline-1920x1080.png",
    });
    await context.setOffline(false);
    await expect(kiosk.offlineMarker()).toHaveCount(0);
  });
});

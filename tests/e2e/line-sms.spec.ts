import { mkdirSync } from "node:fs";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { ShipmentsListPage } from "./shipments-page-model";

/**
 * SMS from a reception line (issue 25; spec 02: "send an SMS to the truck's phone" from a
 * line, "the SMS send is locked for 10 seconds after a send"): office sends from the row, the
 * message is in the truck's log with the line, and the row's SMS button is locked right after.
 * The line and its truck are made for the test, on a far-off day of its own.
 */
test.use({ lang: "en" });

const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

for (const device of [
  { name: "desktop 1280", viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: "tablet 1024x768", viewport: { width: 1024, height: 768 }, hasTouch: true },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });

    test(`office sends an SMS from a reception line (${device.name})`, async ({
      page,
      request,
      loginAs,
    }) => {
      const office = await apiAs(request, "office", "Yardline Demo");
      const run = Date.now().toString(36).toUpperCase();
      const truck = await office.send("post", "/api/shipper", {
        plate: `SM${run.slice(-6)}`,
        name: "SMS LINE CARRIER",
        phone: "+34611222333",
      });
      expect(truck.status, truck.body).toBe(201);
      const truckId = (JSON.parse(truck.body) as { id: number }).id;
      // A day of its own far ahead: a free hour, whatever other journeys booked.
      const day = new Date(2032, 0, 5 + (Date.now() % 200));
      day.setHours(10);
      const code = `SMS-${run}`;
      const line = await office.send("post", "/api/reception", {
        code,
        booked_date: day.toISOString(),
        client: await office.clientId(""),
        shipper: truckId,
      });
      expect(line.status, line.body).toBe(201);

      await loginAs("office", { landing: false });
      const list = new ShipmentsListPage(page, "receptions");
      const iso = DateTime.fromJSDate(day).toISODate() ?? "";
      await list.goto({ booked_date_after: iso, booked_date_before: iso, code });
      const row = list.row(code);
      await expect(row).toBeVisible();
      const smsButton = row.getByRole("button", { name: `Send SMS about ${code}` });
      await smsButton.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("+34 611 22 23 33");
      await dialog.getByRole("textbox").fill("Dock 7 is free, come in");
      await page.screenshot({
        path: `${SHOTS}/line-sms-${device.viewport.width}x${device.viewport.height}.png`,
      });
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      await expect(page.getByText("Message sent successfully")).toBeVisible();
      await expect(dialog).toBeHidden();
      // Locked for 10 s after a send.
      await expect(smsButton).toBeDisabled();

      const log = await office.get<{ results: { body: string; shipment: number | null }[] }>(
        "/api/sms",
        { shipper: truckId },
      );
      expect(log.results).toHaveLength(1);
      expect(log.results[0]?.body).toBe("Dock 7 is free, come in");
      const lineId = (JSON.parse(line.body) as { id: number }).id;
      expect(log.results[0]?.shipment).toBe(lineId);

      // The line's form offers the same SMS (the truck's 10 s lock holds on the server).
      await page.goto(`/reception/${lineId}`);
      await page.getByRole("button", { name: "Send SMS", exact: true }).click();
      await expect(page.getByRole("dialog")).toContainText("+34 611 22 23 33");
      await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
    });
  });
}

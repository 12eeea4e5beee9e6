import { expect, test } from "./fixtures";
import { ShipmentsListPage } from "./shipments-page-model";

/** Spec section 4: the bw company keeps its selected date filter on the device. */
test("the bw company finds its date filter again when it opens the list without one", async ({
  page,
  loginAs,
}) => {
  await loginAs("mexico", { landing: false }); // BW Warehousing is the mexico user's first company
  const list = new ShipmentsListPage(page, "expeditions");
  await list.goto({ booked_date_after: "2026-01-12", booked_date_before: "2026-01-16" });
  await list.waitForLines();
  await list.goto();
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get("booked_date_after") === "2026-01-12" &&
      url.searchParams.get("booked_date_before") === "2026-01-16",
  );
  // Receptions keep their own (none chosen yet).
  const receptions = new ShipmentsListPage(page, "receptions");
  await receptions.goto();
  await receptions.waitForLines();
  expect(new URL(page.url()).searchParams.get("booked_date_after")).toBeNull();
});

import { expect, test } from "./fixtures";
import { TruckFormPage, TrucksListPage } from "./trucks-page-model";

/**
 * Server errors in the user's language (default es): the API answers a field code, the client
 * shows it under the field and in the ERROR notice with the field's label. Plates are letters
 * and digits (shared rule: the form refuses what the server would). Filters in the URL are
 * plain values.
 */
test.describe.configure({ mode: "parallel" });

/** A plate no other run uses: digits, then letters. */
function newPlate(): string {
  const digits = String(Math.floor(Math.random() * 9000) + 1000);
  const letters = Array.from({ length: 3 }, () => "QWXZ"[Math.floor(Math.random() * 4)]).join("");
  return `${digits}${letters}`;
}

test("a duplicate plate is refused in Spanish, with the field's label", async ({
  page,
  loginAs,
  checkA11y,
}) => {
  // Two saves and an axe scan on a form with errors: more than 30 s on a busy 2-core machine.
  test.slow();
  await loginAs("office", { landing: false });
  const form = new TruckFormPage(page);
  const plate = newPlate();
  await form.goto();
  await form.fillNew({ plate, name: "Primero" });
  await form.save.click();
  await expect(page).toHaveURL((url) => url.pathname === "/trucks");

  await form.goto();
  await form.plate.fill(plate);
  // The known plate is suggested (after the form's debounce); close the suggestions as a user
  // would before moving on, or the open list hides the rest of the form.
  await expect(page.getByRole("option", { name: new RegExp(plate) })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await form.name.fill("Segundo");
  await form.save.click();

  const notice = page.getByRole("alert").filter({ hasText: /^ERROR/ });
  await expect(notice).toContainText("Matrícula: Ya existe un camión con esta matrícula");
  await expect(notice).not.toContainText("plate:");
  await expect(form.plate).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Ya existe un camión con esta matrícula", { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/truck");
  await checkA11y();
});

test("a plate of emoji is refused before sending, in Spanish", async ({ page, loginAs }) => {
  await loginAs("office", { landing: false });
  const form = new TruckFormPage(page);
  await form.goto();
  let sent = false;
  page.on("request", (request) => {
    if (request.method() !== "GET" && request.url().includes("/api/shipper")) sent = true;
  });
  await form.plate.fill("🚚🚚");
  await page.keyboard.press("Escape");
  await form.name.fill("Emoji");
  await form.save.click();
  await expect(form.plate).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Solo se permiten letras y números", { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/truck");
  expect(sent).toBe(false);
});

test("a numeric plate filter stays plain in the URL and survives a reload", async ({
  page,
  loginAs,
}) => {
  await loginAs("office", { landing: false });
  const list = new TrucksListPage(page);
  await list.goto();
  await list.filterByPlate("9999");
  await expect(page).toHaveURL((url) => url.search === "?plate=9999");
  await page.reload();
  await expect(list.heading).toBeVisible();
  await expect(list.plateFilter).toHaveValue("9999");
  await expect(page).toHaveURL((url) => url.search === "?plate=9999");
});

import { DEMO_PASSWORD } from "./demo-users";
import { expect, test } from "./fixtures";

test.describe("login and route guard", () => {
  test("an unauthenticated visitor is sent to /login with the requested path", async ({ page }) => {
    await page.goto("/trucks?page=2");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/trucks?page=2");
  });

  test("the login page is accessible", async ({ loginPage, checkA11y }) => {
    await loginPage.goto();
    await checkA11y();
  });

  test("a wrong password shows an error and stays on /login", async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.login("admin", "not-the-password");
    await expect(loginPage.errorNotice()).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    await expect(loginPage.enter).toBeEnabled();
  });

  test("the redirect query is honoured after login", async ({ page, loginPage }) => {
    await loginPage.goto("/trucks");
    await loginPage.login("admin", DEMO_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === "/trucks");
  });
});

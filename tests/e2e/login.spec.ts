import { DEMO_PASSWORD } from "./demo-users";
import { expect, test } from "./fixtures";

test.describe("login and route guard", () => {
  test("an unauthenticated visitor is sent to /login with the requested path", async ({ page }) => {
    await page.goto("/trucks?page=2");
    await expect(page).toHaveURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/trucks?page=2");
  });

  test("the login page is accessible", async ({ page, loginPage, checkA11y }) => {
    await loginPage.goto();
    await checkA11y();
    // Plain elements since issue 9: the toggle says whether the password shows.
    await loginPage.password.fill("secret");
    await loginPage.showPassword.click();
    await expect(loginPage.showPassword).toHaveAttribute("aria-pressed", "true");
    await expect(loginPage.password).toHaveAttribute("type", "text");
    await page.screenshot({ path: "test-results/screenshots/login-desktop.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/screenshots/login-phone.png" });
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

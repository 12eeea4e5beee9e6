import { expect, test } from "./fixtures";
import { LABELS, PAGE_LOAD_TIMEOUT } from "./page-models";

/**
 * Single sign-on against the real OpenID provider the e2e server starts (oidc-provider, its
 * development login: any password signs in as the login typed; scripts/e2e-server.mjs), with
 * SSO_VISIBLE set so the login page shows the button.
 */
const SHOTS = "test-results/screenshots";

async function signInAtProvider(page: import("@playwright/test").Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("single sign-on", () => {
  test.use({ lang: "en" });

  test("a known user signs in through the provider, and logging out ends both sessions", async ({
    page,
    loginPage,
  }) => {
    await loginPage.goto();
    const sso = page.getByRole("link", { name: "Log in with SSO" });
    await expect(sso).toBeVisible();
    await expect(sso).toHaveAttribute("href", "/sso/login?lang=en");
    await page.screenshot({ path: `${SHOTS}/login-sso-desktop-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/login-sso-phone.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    await sso.click();
    await signInAtProvider(page, "office");
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard", {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    // The tokens left the address bar; the app holds them as after a password login.
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("banner").getByText(/^hi,? /i)).toBeVisible();
    const refresh = await page.evaluate(() => localStorage.getItem("refresh"));
    expect(refresh).toBeTruthy();

    await page.getByRole("banner").getByRole("button", { name: LABELS.userConfig }).click();
    await page.getByRole("menuitem", { name: LABELS.logout }).click();
    // The provider asks before ending its session, then sends the browser back to /login.
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/login", {
      timeout: PAGE_LOAD_TIMEOUT,
    });
    // The app's session is over on the server: its refresh token no longer works.
    const renewed = await page.request.post("/jwt/refresh-token", { data: { refresh } });
    expect(renewed.status()).toBe(401);
    // And the provider's: signing in again asks for the login.
    await page.getByRole("link", { name: "Log in with SSO" }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });
});

test.describe("single sign-on, unknown user", () => {
  test.use({ lang: "es" });

  test("is refused with a page in the user's language, and nobody is created", async ({
    page,
    loginPage,
    checkA11y,
  }) => {
    await loginPage.goto();
    await page.getByRole("link", { name: "Entrar con SSO" }).click();
    await signInAtProvider(page, "desconocido.e2e");
    await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    await expect(
      page.getByText("No hay ningún usuario de Yardline para la cuenta «desconocido.e2e»."),
    ).toBeVisible();
    await checkA11y();
    await page.screenshot({ path: `${SHOTS}/sso-unknown-user-desktop-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/sso-unknown-user-phone.png` });
    await expect(page.getByRole("link", { name: "Entrar con otra cuenta" })).toBeVisible();
    await page.getByRole("link", { name: "Volver al inicio de sesión" }).click();
    await expect(loginPage.username).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    const signIn = await page.request.post("/get-token", {
      data: { username: "desconocido.e2e", password: "any password" },
    });
    expect(signIn.status()).toBe(401);
  });
});

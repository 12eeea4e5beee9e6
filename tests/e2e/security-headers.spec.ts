import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The strict Content-Security-Policy (src/server/plugins/security-headers.ts) holds in a real
 * browser: the API docs and the app render under it without a single CSP violation.
 */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  const record = (text: string) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(text);
  };
  page.on("console", (message: ConsoleMessage) => record(message.text()));
  page.on("pageerror", (error) => record(error.message));

  return violations;
}

test("the API docs render under the CSP without violations", async ({ page }) => {
  test.slow();
  const violations = collectCspViolations(page);
  const response = await page.goto("/api/docs/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // Swagger UI built the page from the document: the title and an operation are shown.
  // Swagger UI's bundle is large: on a loaded machine it takes a while to parse.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Yardline API", {
    timeout: 45_000,
  });
  await expect(page.getByRole("link", { name: "/get-token", exact: true })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the app's login page loads under the CSP without violations", async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto("/login");
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
  await expect(page.getByRole("button").first()).toBeVisible();
  expect(violations).toEqual([]);
});

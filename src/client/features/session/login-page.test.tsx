import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG, loadConfig } from "../../lib/config";
import { LoginPage } from "./login-page";

function renderLogin() {
  return render(
    <I18nProvider i18n={i18n}>
      <LoginPage onSignedIn={() => undefined} />
    </I18nProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the LOG IN WITH SSO button (spec section 2)", () => {
  it("is hidden while SSO_VISIBLE is off (the default)", () => {
    renderLogin();
    expect(screen.getByRole("button", { name: "Enter" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Log in with SSO" })).toBeNull();
  });

  it("leads to sso/login on the API base, with the page's language, when SSO_VISIBLE is on", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({ ...DEFAULT_CONFIG, ssoVisible: true, apiBase: "https://api.test/" }),
        ),
    );
    await loadConfig();
    renderLogin();
    expect(screen.getByRole("link", { name: "Log in with SSO" }).getAttribute("href")).toBe(
      "https://api.test/sso/login?lang=en",
    );
  });
});

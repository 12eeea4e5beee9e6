import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users";
import { STATE_COOKIE } from "../../domain/sso/state-cookie";
import { createTestApp, type TestApp } from "../../test/harness";
import { HandBrowser, startTestProvider, type TestProvider } from "../../test/oidc-provider";

/**
 * Single sign-on against a real OpenID provider (oidc-provider on a random port): the test
 * plays the browser by hand, from sso/login through the provider's login and consent pages
 * to our callback (through inject, as the site http://yardline.test).
 */
const SITE = "http://yardline.test";

describe("single sign-on (OpenID Connect)", () => {
  let t: TestApp;
  let provider: TestProvider;

  beforeAll(async () => {
    provider = await startTestProvider(SITE);
    t = await createTestApp({
      config: {
        sso: {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          userClaim: "preferred_username",
          redirectUri: `${SITE}/sso/callback`,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** sso/login as the browser does it: the provider's URL and the state cookie. */
  async function startSignIn(lang?: string) {
    const response = await t.app.inject({
      url: `/sso/login${lang ? `?lang=${lang}` : ""}`,
      headers: { accept: "text/html" },
    });
    expect(response.statusCode).toBe(302);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/sso/);
    const cookie = setCookie.split(";")[0] ?? "";
    return { location: String(response.headers.location), cookie };
  }

  /** Through the provider's pages as `login`, then our callback with the state cookie. */
  async function signInAs(login: string, lang?: string, browser = new HandBrowser()) {
    const { location, cookie } = await startSignIn(lang);
    const back = await browser.signIn(location, login, provider.issuer);
    expect(back.startsWith(`${SITE}/sso/callback?`)).toBe(true);
    const callback = await t.app.inject({
      url: back.slice(SITE.length),
      headers: { cookie, accept: "text/html" },
    });
    return { callback, browser };
  }

  it("sends the browser to the provider with PKCE (S256), state and nonce", async () => {
    const { location } = await startSignIn();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("client_id")).toBe(provider.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${SITE}/sso/callback`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("scope")).toContain("openid");
  });

  it("hands a known user the app's token and refresh token at /login (spec: SSO token)", async () => {
    const { callback } = await signInAs("office");
    expect(callback.statusCode).toBe(302);
    expect(String(callback.headers["set-cookie"])).toMatch(new RegExp(`${STATE_COOKIE}=;`));
    const target = new URL(String(callback.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE}/login`);
    const token = target.searchParams.get("token") ?? "";
    const refresh = target.searchParams.get("refresh") ?? "";
    const me = await t.app.inject({ url: "/api/user/auth", headers: t.headers(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe("office");
    const renewed = await t.app.inject({
      method: "POST",
      url: "/jwt/refresh-token",
      payload: { refresh },
    });
    expect(renewed.statusCode).toBe(200);
  });

  it("refuses an unknown user with a page in their language, and creates nobody", async () => {
    const { callback } = await signInAs("nadie.desconocido", "es");
    expect(callback.statusCode).toBe(403);
    expect(callback.headers["content-type"]).toContain("text/html");
    const html = callback.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Acceso denegado");
    expect(html).toContain("No hay ningún usuario de Yardline para la cuenta «nadie.desconocido»");
    expect(html).toContain('href="/login"');
    // Another account: through the provider's end_session, back to /login.
    const other = /href="(http:\/\/127\.0\.0\.1:\d+[^"]*)"/
      .exec(html)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(other).toBeDefined();
    expect(new URL(other ?? "").searchParams.get("post_logout_redirect_uri")).toBe(`${SITE}/login`);
    const created = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, "nadie.desconocido"));
    expect(created).toEqual([]);
  });

  it("refuses a deactivated user the same way", async () => {
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.username, "readonly"));
    const { callback } = await signInAs("readonly", "en");
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain("There is no Yardline user for the account “readonly”.");
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.username, "readonly"));
  });

  it("refuses a callback without its state cookie, or with another sign-in's", async () => {
    const first = await startSignIn();
    const second = await startSignIn();
    const back = await new HandBrowser().signIn(first.location, "office", provider.issuer);
    const path = back.slice(SITE.length);
    for (const headers of [{}, { cookie: second.cookie }, { cookie: `${STATE_COOKIE}=forged` }]) {
      const callback = await t.app.inject({
        url: path,
        headers: { ...headers, accept: "text/html" },
      });
      expect(callback.statusCode).toBe(400);
      expect(callback.body).toContain("Sign-in failed");
      expect(callback.headers.location).toBeUndefined();
    }
  });

  it("answers a cancelled sign-in (the provider's error) with the failed page", async () => {
    const { location, cookie } = await startSignIn("pt");
    const state = new URL(location).searchParams.get("state") ?? "";
    const callback = await t.app.inject({
      url: `/sso/callback?error=access_denied&state=${state}`,
      headers: { cookie, accept: "text/html" },
    });
    expect(callback.statusCode).toBe(400);
    expect(callback.body).toContain('<html lang="pt-PT">');
    expect(callback.body).toContain("Não foi possível entrar");
  });

  it("logout ends the provider's session too: the next sign-in asks for the login again", async () => {
    const { callback, browser } = await signInAs("office");
    expect(callback.statusCode).toBe(302);
    // While the provider's session lives, a new sign-in goes straight back to us.
    const again = await startSignIn();
    const straight = await browser.follow(again.location, provider.issuer);
    expect(straight.url.startsWith(`${SITE}/sso/callback?`)).toBe(true);

    const logout = await t.app.inject({ url: "/sso/logout" });
    expect(logout.statusCode).toBe(302);
    const end = new URL(String(logout.headers.location));
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${SITE}/login`);
    const confirm = await browser.follow(end.href, provider.issuer);
    const done = await browser.submit(
      confirm.url,
      await confirm.response.text(),
      { logout: "yes" },
      provider.issuer,
      "op.logoutForm",
    );
    expect(done.url).toBe(`${SITE}/login`);

    const next = await startSignIn();
    const page = await browser.follow(next.location, provider.issuer);
    expect(new URL(page.url).origin).toBe(provider.issuer);
    expect(await page.response.text()).toContain('name="login"');
  });
});

describe("single sign-on, not configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 404 to sso/login and sso/callback, and sso/logout leads to /login", async () => {
    expect((await t.app.inject({ url: "/sso/login" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/sso/callback?code=x&state=y" })).statusCode).toBe(404);
    const logout = await t.app.inject({ url: "/sso/logout" });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe("/login");
  });
});

describe("single sign-on, provider down", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: discovery fails.
    const closed = await startTestProvider(SITE);
    await closed.close();
    t = await createTestApp({
      config: {
        sso: {
          issuer: closed.issuer,
          clientId: "yardline",
          clientSecret: undefined,
          userClaim: "preferred_username",
          redirectUri: undefined,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("says so on a page (503) instead of failing", async () => {
    const response = await t.app.inject({
      url: "/sso/login",
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("El servicio de inicio de sesión único no responde ahora");
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID provider for the single sign-on tests (oidc-provider, its development login
 * form: any login and password sign in as that login). It listens on a random port of
 * 127.0.0.1; `preferred_username` (and `email`) carry the login into the ID token.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** Its development-setup warnings and notices (in-memory store, dev keys) are this setup. */
function quietProviderNotices(): void {
  for (const level of ["warn", "info"] as const) {
    const write = console[level];
    console[level] = (...args: unknown[]) => {
      if (!String(args[0]).startsWith("oidc-provider ")) write(...args);
    };
  }
}

export async function startTestProvider(site: string): Promise<TestProvider> {
  quietProviderNotices();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "yardline";
  const clientSecret = "yardline-test-client-secret";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${site}/sso/callback`],
        post_logout_redirect_uris: [`${site}/login`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], profile: ["preferred_username"], email: ["email"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, preferred_username: id, email: `${id}@example.test` }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["yardline-test-provider-cookie-key"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A tiny browser for following the provider's pages by hand: cookies per origin, forms. */
export class HandBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const cookies = this.jar.get(new URL(url).origin) ?? new Map<string, string>();
    return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  remember(url: string, response: Response): void {
    const origin = new URL(url).origin;
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", ...rest] = pair.split("=");
      const value = rest.join("=");
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name.trim(), value);
    }
    this.jar.set(origin, cookies);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.remember(url, response);
    return response;
  }

  /** GETs and follows redirects within the provider (whose origin is `within`). */
  async follow(url: string, within: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hops = 0; hops < 10; hops += 1) {
      const response = await this.request(current);
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        return { url: current, response };
      }
      const next = new URL(location, current).href;
      if (new URL(next).origin !== within) return { url: next, response };
      current = next;
    }
    throw new Error("too many redirects");
  }

  /** Submits the page's first form (or the one with `formId`) with its hidden fields and more. */
  async submit(
    pageUrl: string,
    html: string,
    fields: Record<string, string>,
    within: string,
    formId?: string,
  ): Promise<{ url: string; response: Response }> {
    const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
    const form = forms.find((match) => !formId || match[1]?.includes(`id="${formId}"`));
    if (!form) throw new Error(`no form in ${html.slice(0, 400)}`);
    const action = /action="([^"]*)"/.exec(form[1] ?? "")?.[1] ?? pageUrl;
    const body = new URLSearchParams();
    for (const input of (form[2] ?? "").matchAll(/<input\b[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      if (name && /type="hidden"/.test(input[0])) body.set(name, value);
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const target = new URL(action.replaceAll("&amp;", "&"), pageUrl).href;
    const response = await this.request(target, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, target).href;
      if (new URL(next).origin === within) return this.follow(next, within);
      return { url: next, response };
    }
    return { url: target, response };
  }

  /** The provider's development login, then its consent: where it sends the browser back. */
  async signIn(authorizationUrl: string, login: string, within: string): Promise<string> {
    let page = await this.follow(authorizationUrl, within);
    for (let step = 0; step < 4 && new URL(page.url).origin === within; step += 1) {
      const html = await page.response.text();
      const fields: Record<string, string> = html.includes('name="login"')
        ? { login, password: "any" }
        : {};
      page = await this.submit(page.url, html, fields, within);
    }
    if (new URL(page.url).origin === within) throw new Error("the provider kept the browser");
    return page.url;
  }
}

import type { FullConfig } from "@playwright/test";
import { DEMO_PASSWORD } from "./demo-users";

/**
 * Global setup: the first journeys (project long-first) met a cold server, on a machine still
 * busy starting everything else, and a first page once took over 20 s to show its heading.
 * Before any browser starts, one pass over what every journey needs: the app's files, a
 * sign-in and the lists the walls and forms open (the server's first queries, its prepared
 * statements and compiled code), so no journey pays for the server's start.
 */
export default async function warmServer(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  /** The answer's text (read whole, as a browser would). */
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, baseURL), { headers }).then((answer) => answer.text());
  const page = await get("/login");
  const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
  await Promise.all(assets.map((asset) => get(asset)));
  const token = await fetch(new URL("/get-token", baseURL), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: DEMO_PASSWORD }),
  });
  if (!token.ok) return;
  const { access } = (await token.json()) as { access: string };
  const auth = { Authorization: `Bearer ${access}` };
  const profile = JSON.parse(await get("/api/user/auth", auth)) as {
    user: { groups: { id: number }[] };
  };
  for (const group of profile.user.groups) {
    const scoped = { ...auth, company: String(group.id) };
    await Promise.all(
      [
        "/api/expedition",
        "/api/reception",
        "/api/critical-line",
        "/api/shipper",
        "/api/client",
      ].map((path) => get(path, scoped)),
    );
  }
}

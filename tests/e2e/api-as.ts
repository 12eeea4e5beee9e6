import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO_PASSWORD } from "./demo-users";

/**
 * The API as a demo user in one of the user's companies (by name; the first by default), for
 * setting up what a journey needs (lines that fill an hour) and checking what it did.
 */
export async function apiAs(request: APIRequestContext, username: string, company?: string) {
  const token = await request.post("/get-token", { data: { username, password: DEMO_PASSWORD } });
  expect(token.status(), await token.text()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  const auth = await request.get("/api/user/auth", {
    headers: { Authorization: `Bearer ${access}` },
  });
  const { user } = (await auth.json()) as { user: { groups: { id: number; name: string }[] } };
  const group = company ? user.groups.find((g) => g.name === company) : user.groups[0];
  if (!group) throw new Error(`${username} is not in ${company}`);
  const headers = { Authorization: `Bearer ${access}`, company: String(group.id) };
  return {
    companyId: group.id,
    async get<T>(path: string, params?: Record<string, string | number>): Promise<T> {
      const answer = await request.get(path, { headers, ...(params ? { params } : {}) });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as T;
    },
    async send(method: "post" | "put" | "patch" | "delete", path: string, data?: object) {
      const answer = await request[method](path, { headers, ...(data ? { data } : {}) });
      return { status: answer.status(), body: (await answer.text()) || "null" };
    },
    async clientId(search: string): Promise<number> {
      const page = await this.get<{ results: { id: number }[] }>("/api/client", { search });
      const id = page.results[0]?.id;
      if (id === undefined) throw new Error(`no client ${search}`);
      return id;
    },
  };
}

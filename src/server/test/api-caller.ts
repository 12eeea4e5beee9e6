import type { LightMyRequestResponse } from "fastify";
import type { Shipper } from "../../shared/contract/trucks";
import type { TestApp } from "./harness";

/** A signed-in caller acting for one company, for the trucks and SMS API tests. */
export interface Caller {
  (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Creates a truck (expects 201) and returns it. */
  create(body: Record<string, unknown>): Promise<Shipper>;
}

export async function callerFor(t: TestApp, username: string, companyId: number): Promise<Caller> {
  const { token } = await t.login(username);
  const call = ((method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...t.headers(token, companyId), ...headers },
    })) as Caller;
  call.create = async (body) => {
    const response = await call("POST", "/api/shipper", body);
    if (response.statusCode !== 201) {
      throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    }
    return response.json<Shipper>();
  };
  return call;
}

let plateCounter = 0;

/** A plate no other test uses: letters from the test's tag, then a counter. */
export function uniquePlate(tag: string): string {
  plateCounter += 1;
  return `${tag}${String(plateCounter).padStart(4, "0")}`.toUpperCase();
}

import { describe, expect, it } from "vitest";
import { RuntimeConfig } from "../../shared/contract/config";
import { DEFAULT_CONFIG, parseRuntimeConfig } from "./config";

/** The hand-checked parser (no zod on the login page's boot path) against the shared contract. */
const SERVED = {
  port: 8080,
  refreshInterval: 30,
  smsEnabled: false,
  packingListEnabled: true,
  ssoVisible: true,
  apiBase: "https://api.example.test/",
  indicatorsBase: "https://bi.example.test/",
  defaultLocale: "es",
};

const MUTATIONS: [string, unknown][] = [
  ["port", 80.5],
  ["port", "8080"],
  ["refreshInterval", 0],
  ["refreshInterval", -5],
  ["refreshInterval", 1.5],
  ["smsEnabled", 1],
  ["packingListEnabled", null],
  ["ssoVisible", undefined],
  ["ssoVisible", "false"],
  ["apiBase", 1],
  ["indicatorsBase", null],
  ["defaultLocale", ["en"]],
  ["port", Number.NaN],
  ["port", Number.POSITIVE_INFINITY],
  ["refreshInterval", 1],
  ["port", -1],
  ["apiBase", ""],
];

function outcome(parse: () => unknown): unknown {
  try {
    return { ok: parse() };
  } catch {
    return "refused";
  }
}

describe("parseRuntimeConfig", () => {
  it("reads what the server serves and the defaults, exactly as the contract does", () => {
    expect(parseRuntimeConfig(SERVED)).toEqual(RuntimeConfig.parse(SERVED));
    expect(parseRuntimeConfig(DEFAULT_CONFIG)).toEqual(DEFAULT_CONFIG);
  });

  it("keeps only the contract's fields", () => {
    expect(parseRuntimeConfig({ ...SERVED, secret: "x" })).toEqual(SERVED);
  });

  it("refuses and accepts the same bodies as the zod contract", () => {
    for (const [field, value] of MUTATIONS) {
      const body = { ...SERVED, [field]: value };
      const expected = outcome(() => RuntimeConfig.parse(body));
      expect(
        outcome(() => parseRuntimeConfig(body)),
        `${field} = ${String(value)}`,
      ).toEqual(expected);
    }
    for (const field of Object.keys(SERVED)) {
      const { [field as keyof typeof SERVED]: _dropped, ...body } = SERVED;
      expect(
        outcome(() => parseRuntimeConfig(body)),
        `without ${field}`,
      ).toBe("refused");
    }
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, [], "config", 3]) {
      expect(() => parseRuntimeConfig(body)).toThrow(/config\.json/);
    }
  });
});

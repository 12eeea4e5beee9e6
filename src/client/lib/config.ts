import type { RuntimeConfig } from "../../shared/contract/config";

/**
 * Runtime configuration (spec section 9) from /config.json, fetched once per load: an installed
 * PWA changes behaviour without a rebuild. The service worker answers NetworkFirst, so an
 * offline start uses the last copy; with none at all the defaults below apply. Checked by hand
 * against the shared contract's shape (config.test.ts holds the two together): the login page
 * boots without a schema library.
 */
export const DEFAULT_CONFIG: RuntimeConfig = {
  port: 8080,
  refreshInterval: 10,
  smsEnabled: true,
  packingListEnabled: false,
  ssoVisible: false,
  apiBase: "/",
  indicatorsBase: "",
  defaultLocale: "es",
};

type Kind = "boolean" | "integer" | "positive" | "string";

const FIELDS: Record<keyof RuntimeConfig, Kind> = {
  port: "integer",
  refreshInterval: "positive",
  smsEnabled: "boolean",
  packingListEnabled: "boolean",
  ssoVisible: "boolean",
  apiBase: "string",
  indicatorsBase: "string",
  defaultLocale: "string",
};

function fits(value: unknown, kind: Kind): boolean {
  if (kind === "boolean" || kind === "string") return typeof value === kind;
  return Number.isInteger(value) && (kind === "integer" || (value as number) > 0);
}

/** The configuration in /config.json's body; throws naming the first field that does not fit. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new TypeError("config.json: not an object");
  }
  const source = body as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(FIELDS)) {
    if (!fits(source[name], kind)) throw new TypeError(`config.json: ${name} is not ${kind}`);
    config[name] = source[name];
  }
  return config as unknown as RuntimeConfig;
}

let current: RuntimeConfig = DEFAULT_CONFIG;
let pending: Promise<RuntimeConfig> | null = null;

export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch("/config.json", { headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
      return parseRuntimeConfig(await response.json());
    })
    .catch((error: unknown) => {
      console.warn("Using the default runtime configuration", error);
      return DEFAULT_CONFIG;
    })
    .then((config) => {
      current = config;
      return config;
    });
  return pending;
}

/** The loaded configuration (defaults until loadConfig resolves; main.tsx awaits it). */
export function getConfig(): RuntimeConfig {
  return current;
}

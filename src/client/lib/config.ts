import { RuntimeConfig } from "../../shared/contract/config";
import { setApiBase } from "./http";

/**
 * Runtime configuration (spec section 9) from /config.json, fetched once per load: an installed
 * PWA changes behaviour without a rebuild. The service worker answers NetworkFirst, so an
 * offline start uses the last copy; with none at all the defaults below apply.
 */
export const DEFAULT_CONFIG: RuntimeConfig = {
  production: true,
  port: 8080,
  refreshInterval: 10,
  smsEnabled: true,
  packingListEnabled: false,
  jwtLoginEnabled: false,
  ssoVisible: false,
  apiBase: "/",
  indicatorsBase: "",
  defaultLocale: "en",
};

let current: RuntimeConfig = DEFAULT_CONFIG;
let pending: Promise<RuntimeConfig> | null = null;

export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch("/config.json", { headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
      return RuntimeConfig.parse(await response.json());
    })
    .catch((error: unknown) => {
      console.warn("Using the default runtime configuration", error);
      return DEFAULT_CONFIG;
    })
    .then((config) => {
      current = config;
      setApiBase(config.apiBase);
      return config;
    });
  return pending;
}

/** The loaded configuration (defaults until loadConfig resolves; main.tsx awaits it). */
export function getConfig(): RuntimeConfig {
  return current;
}

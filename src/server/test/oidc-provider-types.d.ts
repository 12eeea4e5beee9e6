/**
 * The little of oidc-provider (v9, JavaScript without types) the single sign-on tests use:
 * a provider with static clients and accounts, served from a node:http server.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
    pkce?: { required?: () => boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}

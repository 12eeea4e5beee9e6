#!/usr/bin/env node
// Playwright's webServer: the built app on the real server, on a fresh data directory that is
// removed again when the server stops. Environment set here can be overridden by the caller.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { tsImport } from "tsx/esm/api";

const root = fileURLToPath(new URL("..", import.meta.url));
const staticDir = process.env.STATIC_DIR ?? "dist";
if (!existsSync(resolve(root, staticDir, "index.html"))) {
  console.error(`[e2e-server] ${staticDir}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), "yardline-e2e-"));
// An empty cluster written into it from the test suite's cached dump (initdb's files): the
// server then migrates and seeds as on a first start, without initdb's 6-7 s of CPU on the way
// to the first journey.
const { prefillDataDir } = await tsImport(
  "../src/server/test/pglite-blank-cluster.ts",
  import.meta.url,
);
await prefillDataDir(dataDir);
const port = process.env.E2E_PORT ?? process.env.PORT ?? "8181";

// Mail goes to a real SMTP server here, which writes each message it receives as
// <mailDir>/<n>.eml (tests/e2e/e2e-mail.ts reads them back). E2E_SMTP=off leaves mail off.
export const mailDir = join(tmpdir(), `yardline-e2e-mail-${port}`);
let smtpEnv = {};
let smtp = null;
if (process.env.E2E_SMTP !== "off") {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  let received = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        writeFileSync(join(mailDir, `${received}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((done) => smtp.listen(0, "127.0.0.1", done));
  smtpEnv = { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.server.address().port) };
}
// Single sign-on goes to a real OpenID provider (oidc-provider, its development login form:
// any login and password sign in as that login; tests/e2e/sso.spec.ts). E2E_SSO=off: none.
let ssoEnv = {};
let oidcServer = null;
if (process.env.E2E_SSO !== "off") {
  // Its development-setup warnings (in-memory store, dev keys, dev login) are this setup.
  for (const level of ["warn", "info"]) {
    const write = console[level];
    console[level] = (...args) => {
      if (!String(args[0]).startsWith("oidc-provider ")) write(...args);
    };
  }
  const { default: Provider } = await import("oidc-provider");
  const site = `http://localhost:${port}`;
  oidcServer = createServer();
  await new Promise((done) => oidcServer.listen(0, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${oidcServer.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "yardline-e2e",
        client_secret: "yardline-e2e-client-secret",
        redirect_uris: [`${site}/sso/callback`],
        post_logout_redirect_uris: [`${site}/login`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], profile: ["preferred_username"] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, preferred_username: id }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ["yardline-e2e-provider-cookie-key"] },
  });
  oidcServer.on("request", provider.callback());
  ssoEnv = {
    SSO_VISIBLE: "true",
    SSO_ISSUER: issuer,
    SSO_CLIENT_ID: "yardline-e2e",
    SSO_CLIENT_SECRET: "yardline-e2e-client-secret",
    SSO_REDIRECT_URI: `${site}/sso/callback`,
  };
}
const env = {
  // Generous login limits (src/server/config.ts): the suite logs in many times from one address.
  LOGIN_MAX_FAILURES_PER_USER: "1000",
  LOGIN_MAX_FAILURES_PER_IP: "100000",
  // The demo password is public: a full-cost scrypt per sign-in (about a second of CPU) would
  // only slow the suite, which signs in on every test.
  PASSWORD_HASH_COST: "12",
  LOG_LEVEL: "warn",
  JWT_SECRET: "yardline-e2e-secret-not-for-production-0123456789",
  MAIL_FROM: "Yardline E2E <yardline@e2e.test>",
  // The public contact form mails each request here (tests/e2e/task-list-public.spec.ts).
  CONTACT_MAIL_TO: "sales@e2e.test",
  // A small file limit, so a refused photo is a few megabytes (tests/e2e/documents.spec.ts).
  ATTACHMENT_MAX_BYTES: String(2 * 1_048_576),
  // Webhooks reach the journey's own receiver on 127.0.0.1 (tests/e2e/integrations.spec.ts).
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOW_PRIVATE: "true",
  ...smtpEnv,
  ...ssoEnv,
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL; // always the embedded PGlite in the fresh directory

console.log(`[e2e-server] port ${env.PORT}, data ${dataDir}`);
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  cwd: root,
  env,
  stdio: "inherit",
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
  smtp?.close();
  oidcServer?.close();
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // Playwright signals the whole process group; make sure the server gets it too.
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});

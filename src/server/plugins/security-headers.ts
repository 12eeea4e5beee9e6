import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Browser security headers on every answer (helmet): the app, its service worker,
 * the API and the API docs all run under one strict Content-Security-Policy. No inline script
 * anywhere (the built index.html loads only files, the service worker is registered from a
 * module, Swagger UI loads its initializer as a file), so no nonce or hash either.
 */
export interface SecurityHeadersOptions {
  /** Send Strict-Transport-Security (HSTS_ENABLED): only when the site is served over TLS. */
  hsts: boolean;
  /** Absolute API or indicators origins the client calls besides its own (API_BASE...). */
  connectOrigins?: string[];
}

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

/** Browser features the app does not use, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

/** The origin of an absolute http(s) URL, or null for a relative one. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(connectOrigins: readonly string[] = []) {
  return {
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      "script-src-attr": ["'none'"],
      // Styles may be inline (React Aria positions overlays, Swagger UI and the charts set
      // style attributes); scripts may not, which is what stops injected code.
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:"],
      "font-src": ["'self'", "data:"],
      "connect-src": ["'self'", ...connectOrigins],
      "worker-src": ["'self'"],
      "manifest-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    },
  };
}

/**
 * Helmet's headers for these options, asked of its middleware once: they are the same on every
 * answer (no nonce). @fastify/helmet built the middleware and ran it on every request (2.6 % of
 * the server's CPU on a list page, issue 30); setting the headers it would set costs a loop.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): void {
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: contentSecurityPolicy(options.connectOrigins),
      // Same-origin app: no cross-origin isolation needed (it would block nothing we load).
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: options.hsts
        ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
        : false,
    }),
    "permissions-policy": PERMISSIONS_POLICY,
  };
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

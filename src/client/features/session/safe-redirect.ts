import { DEFAULT_REDIRECT } from "../../../shared/route-guard";

/**
 * The path to open after login: the `redirect` query when it is a path of this app, else the
 * default target. Absolute and protocol-relative URLs are refused (no open redirect).
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return DEFAULT_REDIRECT;
  }
  if (target === "/login" || target.startsWith("/login?")) return DEFAULT_REDIRECT;
  return target;
}

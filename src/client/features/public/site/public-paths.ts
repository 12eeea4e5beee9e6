/** The public pages by path, apart from their code so main.tsx can check a path cheaply. */
export type PublicPageName = "landing" | "contact" | "terms" | "privacy";

const PATHS: Record<string, PublicPageName> = {
  "/": "landing",
  "/contact": "contact",
  "/terms-conditions": "terms",
  "/privacy-policy": "privacy",
};

/** The public page a path shows, or null for any other path. */
export function publicPageOf(pathname: string): PublicPageName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PATHS[path] ?? null;
}

/** The public pages by path, apart from their code so main.tsx can check a path cheaply. */
export type PublicPageName = "landing" | "contact" | "terms" | "privacy";

/** Each public page by its path (the build prerenders each one, scripts/vite-prerender.ts). */
export const PUBLIC_PAGE_PATHS: Readonly<Record<string, PublicPageName>> = {
  "/": "landing",
  "/contact": "contact",
  "/terms-conditions": "terms",
  "/privacy-policy": "privacy",
};

/** The public page a path shows, or null for any other path. */
export function publicPageOf(pathname: string): PublicPageName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PAGE_PATHS[path] ?? null;
}

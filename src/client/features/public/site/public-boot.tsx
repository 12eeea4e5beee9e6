import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import type { PublicPageName } from "./public-paths";
import { PublicSite } from "./public-site";

/**
 * A first load of a public page (/, /contact, /terms-conditions, /privacy-policy) draws it
 * without the app: no router, session, offline engine or app catalogs (issue 17: the product's
 * face to visitors on phones). Its links are plain links, so each page loads the same way;
 * /login has its own light boot (features/session/login-boot.tsx).
 */
export function renderPublic(root: Root, page: PublicPageName): void {
  root.render(
    <StrictMode>
      <PublicSite page={page} />
    </StrictMode>,
  );
}

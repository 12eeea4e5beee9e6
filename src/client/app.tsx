import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { i18n } from "./lib/i18n";
import { retryLogoutsWhenOnline } from "./lib/session/server-logout";
import { setSessionEndedHandler } from "./lib/session/session";
import { appStore, StoreProvider } from "./lib/store";
import { registerServiceWorker } from "./pwa/register-sw";
import { router } from "./router";

/**
 * The signed-in app (router, session, offline engine), loaded by main.tsx: at once for any page
 * but a first /login, after the login otherwise. `href` replaces the current location first
 * (the router may have been created while the standalone login screen was showing).
 */
export function mountApp(root: Root, href?: string): void {
  if (href !== undefined && href !== router.history.location.href) {
    router.history.replace(href);
  }
  setSessionEndedHandler(() => {
    void router.navigate({ to: "/login" });
  });
  root.render(
    <StrictMode>
      <StoreProvider store={appStore}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StoreProvider>
    </StrictMode>,
  );
  registerServiceWorker();
  // For the page's life: logouts the server could not hear go out when the network is back.
  retryLogoutsWhenOnline();
}

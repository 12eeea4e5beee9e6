import "./ui/tokens.css";
import "./ui/global.css";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadConfig } from "./lib/config";
import { activateLocale, i18n, initialLocale } from "./lib/i18n";
import { setSessionEndedHandler } from "./lib/session/session";
import { appStore, StoreProvider } from "./lib/store";
import { registerServiceWorker } from "./pwa/register-sw";
import { router } from "./router";

async function start(): Promise<void> {
  await Promise.all([loadConfig(), activateLocale(initialLocale())]);
  setSessionEndedHandler(() => {
    void router.navigate({ to: "/login" });
  });
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  createRoot(root).render(
    <StrictMode>
      <StoreProvider store={appStore}>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StoreProvider>
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();

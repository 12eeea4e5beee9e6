import type { RoleKey } from "../../shared/roles";
import { getSessionState } from "../lib/session/session-store";
import {
  appStore,
  type InstallPromptEvent,
  installPromptAtom,
  onlineAtom,
  updateAvailableAtom,
} from "../lib/store";
import { autoAcceptsUpdates } from "./update-policy";

function currentRoles(): RoleKey[] {
  return getSessionState().auth?.roles.map((role) => role.name) ?? [];
}

/**
 * Service worker (production builds only), install prompt and network state. A waiting worker
 * is offered through updateAvailableAtom ("A new version is available" + Reload).
 */
export function registerServiceWorker(): void {
  window.addEventListener("online", () => appStore.set(onlineAtom, true));
  window.addEventListener("offline", () => appStore.set(onlineAtom, false));
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    appStore.set(installPromptAtom, event as InstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => appStore.set(installPromptAtom, null));
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void import("virtual:pwa-register").then(({ registerSW }) => {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh() {
        if (autoAcceptsUpdates(currentRoles())) void updateSW(true);
        else appStore.set(updateAvailableAtom, () => updateSW(true));
      },
      onRegisterError(error: unknown) {
        console.error("Service worker registration failed", error);
      },
    });
  });
}

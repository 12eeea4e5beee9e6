import type { RoleKey } from "../../shared/roles";
import {
  appStore,
  type InstallPromptEvent,
  installPromptAtom,
  onlineAtom,
  updateAvailableAtom,
} from "../lib/store";
import { autoAcceptsUpdates } from "./update-policy";

// Loaded when an update waits: the login screen registers the worker without the session store.
async function currentRoles(): Promise<RoleKey[]> {
  const { getSessionState } = await import("../lib/session/session-store");
  return getSessionState().auth?.roles.map((role) => role.name) ?? [];
}

let registered = false;

/**
 * Service worker (production builds only), install prompt and network state. A waiting worker
 * is offered through updateAvailableAtom ("A new version is available" + Reload).
 */
export function registerServiceWorker(): void {
  // Once per page: the login screen registers it, then the app it mounts after sign-in.
  if (registered) return;
  registered = true;
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
      async onNeedRefresh() {
        if (autoAcceptsUpdates(await currentRoles())) void updateSW(true);
        else appStore.set(updateAvailableAtom, () => updateSW(true));
      },
      onRegisterError(error: unknown) {
        console.error("Service worker registration failed", error);
      },
    });
  });
}

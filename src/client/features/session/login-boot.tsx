import { I18nProvider } from "@lingui/react";
import { lazy, StrictMode, Suspense, useEffect, useState } from "react";
import type { Root } from "react-dom/client";
import { loginRedirect } from "../../../shared/route-guard";
import { routeFromPath } from "../../../shared/routes";
import { i18n } from "../../lib/i18n";
import { LoginPage } from "./login-page";

/**
 * The login screen without the router (issue 9: /login's JavaScript within 100 kB gzip). A
 * first load of /login draws this, and so does a first load of a private page without a
 * session (an installed app opening /dashboard after a logout): the URL becomes the guard's
 * /login?redirect=<page>. The app (router, session store, offline engine) is fetched while the
 * user types and mounted in the same root after a successful login. Single sign-on
 * (?token=&refresh=) goes through the router's /login route instead, as does a /login reached
 * from inside the app (logout, session end).
 */
type FirstLocation = Pick<Location, "pathname" | "search" | "hash">;

/** The URL the standalone login screen opens at, or null when the app draws this load. */
export function loginBootPath(location: FirstLocation, signedIn: boolean): string | null {
  if (location.pathname === "/login") {
    const search = new URLSearchParams(location.search);
    const sso = search.has("token") || search.has("refresh");
    return sso ? null : `${location.pathname}${location.search}`;
  }
  if (signedIn || routeFromPath(location.pathname) === null) return null;
  return loginRedirect(`${location.pathname}${location.search}${location.hash}`);
}

const LoginExtras = lazy(() => import("./login-extras"));

/** After the load event and an idle moment: the form is drawn and usable by then. */
function whenSettled(run: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    const once = () => {
      if (!cancelled) run();
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(once, { timeout: 2000 });
    else setTimeout(once, 500);
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", idle);
  };
}

interface LoginScreenProps {
  redirect?: string;
  onSignedIn: (href: string) => Promise<void>;
  onActivity: () => void;
}

/** Registers the service worker: a device that never signs in still gets the precached app. */
function registerWorker(): void {
  void import("../../pwa/register-sw").then(({ registerServiceWorker }) => registerServiceWorker());
}

function LoginScreen({ redirect, onSignedIn, onActivity }: LoginScreenProps) {
  // The notices (and the error parsing behind them) wait for the user's first keystroke.
  const [extras, setExtras] = useState(false);
  useEffect(() => whenSettled(registerWorker), []);
  const handleActivity = () => {
    setExtras(true);
    onActivity();
  };
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LoginPage redirect={redirect} onSignedIn={onSignedIn} onActivity={handleActivity} />
        {extras && (
          <Suspense fallback={null}>
            <LoginExtras />
          </Suspense>
        )}
      </I18nProvider>
    </StrictMode>
  );
}

export interface LoginBootOptions {
  /** Fetches the app without mounting it (the user started typing). */
  prefetchApp: () => void;
  /** Mounts the app in `root` at `href`. */
  mountApp: (href: string) => Promise<void>;
}

/** Draws the standalone login screen in `root`. */
export function renderLogin(root: Root, { prefetchApp, mountApp }: LoginBootOptions): void {
  const redirect = new URLSearchParams(window.location.search).get("redirect") ?? undefined;
  root.render(<LoginScreen redirect={redirect} onSignedIn={mountApp} onActivity={prefetchApp} />);
}

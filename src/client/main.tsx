import "./ui/tokens.css";
import "./ui/global.css";
import { createRoot } from "react-dom/client";
import { publicPageOf } from "./features/public/site/public-paths";
import { loginBootPath, renderLogin } from "./features/session/login-boot";
import { loadConfig } from "./lib/config";
import { activateLocale, initialLocale } from "./lib/i18n";
import { readStored } from "./lib/storage";

/**
 * Boot: the public pages on their own; otherwise /config.json and the language's catalog, then
 * either the standalone login screen (a first load of /login, or of a private page without a
 * session: React and the form only) or the app (app.tsx: router, session, offline engine),
 * fetched alongside. Every chunk is precached, so all of them start offline.
 */
const loadApp = () => import("./app");

async function start(): Promise<void> {
  // The public pages (issue 17) draw on their own: no app, config or catalog to wait for.
  const publicPage = publicPageOf(window.location.pathname);
  if (publicPage !== null) {
    const { renderPublic } = await import("./features/public/site/public-boot");
    const target = document.getElementById("root");
    if (!target) throw new Error("#root is missing from index.html");
    renderPublic(createRoot(target), publicPage);
    return;
  }
  const loginPath = loginBootPath(window.location, readStored("jwt") !== null);
  if (loginPath !== null) window.history.replaceState(null, "", loginPath);
  const app = loginPath === null ? loadApp() : null;
  await Promise.all([loadConfig(), activateLocale(initialLocale())]);
  const element = document.getElementById("root");
  if (!element) throw new Error("#root is missing from index.html");
  const root = createRoot(element);
  if (app !== null) {
    (await app).mountApp(root);
    return;
  }
  renderLogin(root, {
    prefetchApp: () => void loadApp(),
    mountApp: async (href) => (await loadApp()).mountApp(root, href),
  });
}

void start();

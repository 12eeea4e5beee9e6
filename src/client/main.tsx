import "./ui/tokens.css";
import "./ui/global.css";
import { createRoot } from "react-dom/client";
import { isLoginBoot, renderLogin } from "./features/session/login-boot";
import { loadConfig } from "./lib/config";
import { activateLocale, initialLocale } from "./lib/i18n";

/**
 * Boot: /config.json and the language's catalog, then either the standalone login screen (a
 * first load of /login: React and the form only) or the app (app.tsx: router, session, offline
 * engine), fetched alongside. Every chunk is precached, so both start offline.
 */
const loadApp = () => import("./app");

async function start(): Promise<void> {
  const login = isLoginBoot(window.location);
  const app = login ? null : loadApp();
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

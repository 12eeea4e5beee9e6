import "./ui/tokens.css";
import "./ui/global.css";
import { createRoot } from "react-dom/client";
import { bookingPathOf } from "./features/public/carrier-booking/booking-path";
import { checkInTokenOf } from "./features/public/self-check-in/check-in-path";
import { publicPageOf } from "./features/public/site/public-paths";
import { loginBootPath, renderLogin } from "./features/session/login-boot";
import { loadConfig } from "./lib/config";
import { activateLocale, hasStoredLocale, initialLocale } from "./lib/i18n";
import { readStored } from "./lib/storage";

/**
 * Boot: the public pages and the carrier's self check-in and dock booking pages on their own (their code and the
 * public catalog only; the public pages come prerendered and are hydrated); otherwise
 * /config.json and the language's catalog, then either the standalone login screen (a first load of /login, or of a private page without a
 * session: React and the form only) or the app (app.tsx: router, session, offline engine),
 * fetched alongside. Every chunk is precached, so all of them start offline.
 */
const loadApp = () => import("./app");

function rootElement(): HTMLElement {
  const element = document.getElementById("root");
  if (!element) throw new Error("#root is missing from index.html");
  return element;
}

async function start(): Promise<void> {
  // The public pages (issue 17) and the self check-in page (issue 15) draw on their own: no
  // app, runtime config or app catalog to wait for.
  const publicPage = publicPageOf(window.location.pathname);
  if (publicPage !== null) {
    const { bootPublic } = await import("./features/public/site/public-boot");
    await bootPublic(rootElement(), publicPage);
    return;
  }
  const checkInToken = checkInTokenOf(window.location.pathname);
  if (checkInToken !== null) {
    const { bootCheckIn } = await import("./features/public/self-check-in/check-in-boot");
    await bootCheckIn(rootElement(), checkInToken);
    return;
  }
  const booking = bookingPathOf(window.location.pathname);
  if (booking !== null) {
    const { bootCarrierBooking } = await import("./features/public/carrier-booking/booking-boot");
    await bootCarrierBooking(rootElement(), booking);
    return;
  }
  const loginPath = loginBootPath(window.location, readStored("jwt") !== null);
  if (loginPath !== null) window.history.replaceState(null, "", loginPath);
  const app = loginPath === null ? loadApp() : null;
  // A first start takes its language from the runtime configuration (DEFAULT_LOCALE).
  const configured = loadConfig();
  await Promise.all([
    configured,
    (hasStoredLocale() ? Promise.resolve() : configured).then(() =>
      activateLocale(initialLocale()),
    ),
  ]);
  const root = createRoot(rootElement());
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

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initialLocale } from "../../../lib/i18n";
import { activatePublic } from "../public-i18n";
import { SelfCheckIn } from "./self-check-in";

/**
 * A load of /check-in/{token} draws the carrier's page without the app (issue 15: a driver's
 * phone on a weak connection): no router, session, offline engine or app catalogs, only the
 * public catalog of the page's language.
 */
export async function bootCheckIn(element: HTMLElement, token: string): Promise<void> {
  await activatePublic(initialLocale());
  createRoot(element).render(
    <StrictMode>
      <SelfCheckIn token={token} />
    </StrictMode>,
  );
}

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initialLocale } from "../../../lib/i18n";
import { activatePublic } from "../public-i18n";
import { PublicLocaleProvider } from "../public-locale";
import { BookingPageView } from "./booking-page";
import type { BookingPath } from "./booking-path";
import { ManagePageView } from "./manage-page";

/**
 * A load of /carrier-booking/{token} or /carrier-booking/manage/{token} draws the carrier's
 * page without the app (issue 29), as the self check-in page does: no router, session,
 * offline engine or app catalogs, only the public catalog of the page's language.
 */
export async function bootCarrierBooking(element: HTMLElement, path: BookingPath): Promise<void> {
  await activatePublic(initialLocale());
  createRoot(element).render(
    <StrictMode>
      <PublicLocaleProvider>
        {(onLocale) =>
          path.kind === "manage" ? (
            <ManagePageView token={path.token} onLocale={onLocale} />
          ) : (
            <BookingPageView token={path.token} onLocale={onLocale} />
          )
        }
      </PublicLocaleProvider>
    </StrictMode>,
  );
}

import { PublicLocaleProvider } from "../public-locale";
import { SelfCheckInPage } from "./self-check-in-page";

/** The self check-in page with its catalog (the public one, see public-locale.tsx). */
export function SelfCheckIn({ token }: { token: string }) {
  return (
    <PublicLocaleProvider>
      {(onLocale) => <SelfCheckInPage token={token} onLocale={onLocale} />}
    </PublicLocaleProvider>
  );
}

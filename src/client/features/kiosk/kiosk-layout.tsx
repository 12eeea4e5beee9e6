import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useSession } from "../../lib/session/use-session";
import styles from "./kiosk-layout.module.css";
import { KioskOutlet } from "./kiosk-outlet";
import { useKioskRotation } from "./use-kiosk-rotation";
import { useKioskTheme } from "./use-kiosk-theme";
import { useWakeLock } from "./use-wake-lock";

export interface KioskLayoutProps {
  /** The User Config menu (languages, change company/password, Log Out), kept discreet. */
  menu: ReactNode;
}

/**
 * Layout of the private pages for kiosk roles: no top bar, large type, the page full width,
 * the menu in a faded corner; the pages rotate, the screen stays on.
 */
export function KioskLayout({ menu }: KioskLayoutProps) {
  const { t } = useLingui();
  const { roles } = useSession();
  useKioskTheme();
  useWakeLock(true);
  useKioskRotation(roles);
  return (
    <div className={styles.layout}>
      <aside className={styles.corner} aria-label={t`Kiosk menu`}>
        {menu}
      </aside>
      <main id="main" className={styles.main}>
        <KioskOutlet />
      </main>
    </div>
  );
}

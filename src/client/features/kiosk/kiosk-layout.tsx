import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useSession } from "../../lib/session/use-session";
import { KioskBar } from "./kiosk-bar";
import styles from "./kiosk-layout.module.css";
import { KioskOutlet } from "./kiosk-outlet";
import { rotationFor } from "./rotation";
import { useKioskRotation } from "./use-kiosk-rotation";
import { useKioskTheme } from "./use-kiosk-theme";
import { useWakeLock } from "./use-wake-lock";

export interface KioskLayoutProps {
  /** The User Config menu (languages, change company/password, Log Out), kept discreet. */
  menu: ReactNode;
  /** The network state for the bar. */
  status: ReactNode;
}

/**
 * Layout of the private pages for kiosk roles: a compact bar naming the rotation's screens,
 * large type, the page full width, and the way out (User Config) in a faint corner button;
 * the pages rotate, the screen stays on.
 */
export function KioskLayout({ menu, status }: KioskLayoutProps) {
  const { t } = useLingui();
  const { roles, company } = useSession();
  const isTrw = company?.is_trw ?? false;
  useKioskTheme();
  useWakeLock(true);
  useKioskRotation(roles, isTrw);
  return (
    <div className={styles.layout}>
      <KioskBar rotation={rotationFor(roles, isTrw)} status={status} />
      <aside className={styles.corner} aria-label={t`Kiosk menu`}>
        {menu}
      </aside>
      <main id="main" className={styles.main}>
        <KioskOutlet />
      </main>
    </div>
  );
}

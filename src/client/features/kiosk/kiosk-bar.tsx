import { useLingui } from "@lingui/react/macro";
import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { routeFromPath } from "../../../shared/routes";
import { PAGE_TITLES } from "../../ui/page-titles";
import styles from "./kiosk-bar.module.css";
import type { KioskPageName } from "./kiosk-pages";

export interface KioskBarProps {
  /** The pages the rotation goes through, in order. */
  rotation: readonly KioskPageName[];
  /** Online/offline state, shown at the end. */
  status: ReactNode;
}

/**
 * The wall's compact top bar: the rotation's screens as labels (not links: nothing here for a
 * passer-by to press), the one on screen marked (aria-current), and the network state.
 */
export function KioskBar({ rotation, status }: KioskBarProps) {
  const { i18n, t } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  const current = routeFromPath(pathname)?.name;
  return (
    <header className={styles.bar}>
      <span className={styles.brand}>
        <img src="/icons/icon-192.png" alt="" />
        <span>Yardline</span>
      </span>
      <ol className={styles.screens} aria-label={t`Kiosk screens`}>
        {rotation.map((name) => (
          <li
            key={name}
            className={styles.screen}
            aria-current={name === current ? "page" : undefined}
          >
            {i18n._(PAGE_TITLES[name])}
          </li>
        ))}
      </ol>
      <div className={styles.status}>{status}</div>
    </header>
  );
}

import { Trans } from "@lingui/react/macro";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { KIOSK_ADVANCE_MS } from "../../../shared/constants";
import { Spinner } from "../../ui/spinner";
import styles from "./kiosk-layout.module.css";

/**
 * What a kiosk shows instead of an error screen when a page fails (a route chunk that could
 * not load, a render error): a calm "one moment" at kiosk size, and a retry every tick and as
 * soon as the network is back. The rotation carries on meanwhile; the next page replaces this.
 */
export function KioskPageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => {
    console.error("Kiosk page failed; retrying", error);
    const retry = () => {
      void router.invalidate().finally(reset);
    };
    const timer = setInterval(retry, KIOSK_ADVANCE_MS);
    window.addEventListener("online", retry);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [error, reset, router]);
  return (
    <div className={styles.pending} role="status">
      <Spinner />
      <p className={styles.pendingTitle}>
        <Trans>One moment…</Trans>
      </p>
      <p>
        <Trans>This screen comes back by itself.</Trans>
      </p>
    </div>
  );
}

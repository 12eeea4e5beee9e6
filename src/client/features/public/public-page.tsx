import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import styles from "./public-page.module.css";

/** Frame of the public pages: no top bar and no greeting (spec section 2). */
export function PublicPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand}>
          <img src="/icons/icon-192.png" alt="" />
          Yardline
        </Link>
        <Link to="/login" className={styles.login}>
          <Trans>Client area</Trans>
        </Link>
      </header>
      <main className={styles.main}>
        <h1>{title}</h1>
        {children}
      </main>
      <footer className={styles.footer}>
        <Link to="/product">
          <Trans>Product</Trans>
        </Link>
        <Link to="/contact">
          <Trans>Contact</Trans>
        </Link>
        <Link to="/terms-conditions">
          <Trans>Terms and conditions</Trans>
        </Link>
        <Link to="/privacy-policy">
          <Trans>Privacy policy</Trans>
        </Link>
      </footer>
    </div>
  );
}

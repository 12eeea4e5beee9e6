import type { ReactNode } from "react";
import styles from "./site.module.css";

/** Frame of the terms and privacy texts: title, date of the last update, sections. */
export function LegalPage(props: { title: ReactNode; updated: ReactNode; children: ReactNode }) {
  return (
    <article className={styles.article}>
      <h1>{props.title}</h1>
      <p className={styles.muted}>{props.updated}</p>
      {props.children}
    </article>
  );
}

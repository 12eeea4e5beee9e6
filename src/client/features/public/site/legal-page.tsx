import type { LegalText } from "./legal-copy";
import styles from "./site.module.css";

/** Terms or privacy text. */
export function LegalPage({ text }: { text: LegalText }) {
  return (
    <article className={styles.article}>
      <h1>{text.title}</h1>
      <p className={styles.muted}>{text.updated}</p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

import { useState } from "react";
import { Icon } from "../../../ui/icons";
import { SITE_COPY } from "./landing-copy";
import type { PublicLang } from "./public-lang";
import styles from "./site.module.css";

/** The landing page's content (spec "Public routes"): gallery, product, features, banner. */
export function Landing({ lang }: { lang: PublicLang }) {
  const copy = SITE_COPY[lang];
  const [slide, setSlide] = useState(0);
  const count = copy.slides.length;
  const current = copy.slides[slide] ?? copy.slides[0];
  return (
    <>
      <section
        className={styles.hero}
        aria-roledescription="carousel"
        aria-label={copy.slidesLabel}
      >
        <section
          className={styles.slide}
          aria-roledescription="slide"
          aria-label={copy.slide(slide + 1)}
          aria-live="polite"
        >
          <h1 className={styles.heroTitle}>{current?.title}</h1>
          <p className={styles.heroText}>{current?.text}</p>
          <a className={styles.primary} href={`/flyer/yardline-${lang}.pdf`} download>
            {copy.flyer}
          </a>
        </section>
        <div className={styles.slideControls}>
          <button
            type="button"
            className={styles.roundButton}
            aria-label={copy.previous}
            onClick={() => setSlide((slide + count - 1) % count)}
          >
            <Icon name="previous" size={22} />
          </button>
          {copy.slides.map((item, index) => (
            <button
              key={item.title}
              type="button"
              className={styles.dot}
              aria-label={copy.slide(index + 1)}
              aria-current={index === slide ? "true" : undefined}
              onClick={() => setSlide(index)}
            />
          ))}
          <button
            type="button"
            className={styles.roundButton}
            aria-label={copy.next}
            onClick={() => setSlide((slide + 1) % count)}
          >
            <Icon name="next" size={22} />
          </button>
        </div>
      </section>

      <section id="product" className={styles.section}>
        <h2>{copy.productTitle}</h2>
        {copy.productText.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </section>

      <section id="features" className={styles.section}>
        <h2>{copy.featuresTitle}</h2>
        <ul className={styles.features}>
          {copy.features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon}>
                <Icon name={feature.icon} size={28} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="digital" className={styles.section}>
        <h2>{copy.digitalTitle}</h2>
        <p>{copy.digitalText}</p>
        <ul className={styles.points}>
          {copy.digitalPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>

      <section className={styles.banner} aria-labelledby="banner-title">
        <h2 id="banner-title">{copy.bannerTitle}</h2>
        <p>{copy.bannerText}</p>
        <a className={styles.primary} href="/contact">
          {copy.moreInfo}
        </a>
      </section>
    </>
  );
}

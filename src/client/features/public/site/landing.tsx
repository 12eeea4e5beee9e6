import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Icon, type IconName } from "../../../ui/icons";
import type { PublicLang } from "./public-lang";
import styles from "./site.module.css";

interface Pair {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The gallery's three messages (also the flyer's, scripts/make-flyer.ts). */
export const SLIDES: Pair[] = [
  {
    title: msg`Every truck, dock and load in one place`,
    text: msg`Plan expeditions and receptions, book dock hours and follow each truck from the gate to departure.`,
  },
  {
    title: msg`Drivers know where to go before they ask`,
    text: msg`An SMS tells the carrier when a load is ready and which dock to use. Fewer calls, shorter queues.`,
  },
  {
    title: msg`Keeps working when the network does not`,
    text: msg`Tablets and kiosks on the yard keep their lists and queue changes offline, then send them once the connection returns.`,
  },
];

/** What Yardline does every day, as it really does it. */
export const FEATURES: (Pair & { icon: IconName })[] = [
  {
    icon: "outbound",
    title: msg`Expeditions and receptions`,
    text: msg`Online list of every load with status, reason, client notes and real-time updates.`,
  },
  {
    icon: "message",
    title: msg`SMS to the carrier`,
    text: msg`The driver receives the dock and the moment the load is ready.`,
  },
  {
    icon: "critical",
    title: msg`Priority for emergencies`,
    text: msg`Urgent receptions and critical production lines stand out for everyone.`,
  },
  {
    icon: "clock",
    title: msg`Delay alerts`,
    text: msg`Lines running late are flagged before the client calls.`,
  },
  {
    icon: "board",
    title: msg`Day board and kiosks`,
    text: msg`Wall screens rotate the day's lines, readable from five metres.`,
  },
  {
    icon: "upload",
    title: msg`Photo gallery of incidents`,
    text: msg`Attach photos and documents to a line to record damage or proof of delivery.`,
  },
  {
    icon: "chart",
    title: msg`Statistics and export`,
    text: msg`Charts of trucks, lines and incidences; export to Excel and CSV for reporting.`,
  },
  {
    icon: "tasks",
    title: msg`Task list`,
    text: msg`Hours and parts reviewed per task, user and client, exported to Excel.`,
  },
  {
    icon: "alert",
    title: msg`Paperless labels and QR`,
    text: msg`Labels, check lists and QR codes printed from the line, no retyping.`,
  },
];

/** Headings the flyer repeats. */
export const LANDING_HEADINGS = {
  product: msg`Yard and dock management for logistics teams`,
  features: msg`What it does every day`,
  banner: msg`Would Yardline fit your yard?`,
  bannerText: msg`Tell us how many docks and trucks a day you handle; we will show you with your own case.`,
};

const DIGITAL_POINTS = [
  msg`Real-time status of each line for the office, the yard and the client`,
  msg`History of every change: who, when, what`,
  msg`Reports generated from the data you already enter`,
  msg`Works on the devices you have: browser, tablet, wall screen`,
];

/** The landing page's content (spec "Public routes"): gallery, product, features, banner. */
export function Landing({ lang }: { lang: PublicLang }) {
  const { t, i18n } = useLingui();
  const [slide, setSlide] = useState(0);
  const count = SLIDES.length;
  const current = SLIDES[slide] ?? SLIDES[0];
  const slideLabel = (number: number) => t`Message ${number} of ${count}`;
  return (
    <>
      <section className={styles.hero} aria-roledescription="carousel" aria-label={t`Highlights`}>
        <section
          className={styles.slide}
          aria-roledescription="slide"
          aria-label={slideLabel(slide + 1)}
          aria-live="polite"
        >
          <h1 className={styles.heroTitle}>{current ? i18n._(current.title) : null}</h1>
          <p className={styles.heroText}>{current ? i18n._(current.text) : null}</p>
          <a className={styles.primary} href={`/flyer/yardline-${lang}.pdf`} download>
            <Trans>Download the flyer (PDF)</Trans>
          </a>
        </section>
        <div className={styles.slideControls}>
          <button
            type="button"
            className={styles.roundButton}
            aria-label={t`Previous message`}
            onClick={() => setSlide((slide + count - 1) % count)}
          >
            <Icon name="previous" size={22} />
          </button>
          {SLIDES.map((item, index) => (
            <button
              key={item.title.id}
              type="button"
              className={styles.dot}
              aria-label={slideLabel(index + 1)}
              aria-current={index === slide ? "true" : undefined}
              onClick={() => setSlide(index)}
            />
          ))}
          <button
            type="button"
            className={styles.roundButton}
            aria-label={t`Next message`}
            onClick={() => setSlide((slide + 1) % count)}
          >
            <Icon name="next" size={22} />
          </button>
        </div>
      </section>

      <section id="product" className={styles.section}>
        <h2>{i18n._(LANDING_HEADINGS.product)}</h2>
        <p>
          <Trans>
            Yardline is a web application for warehouses, transport companies and the offices that
            plan them. Expeditions (outbound) and receptions (inbound) are planned on dock hours
            with a capacity you set, so no hour is booked twice over.
          </Trans>
        </p>
        <p>
          <Trans>
            Office staff, fork-lift drivers, gate guards and the client's own planners work on the
            same lines, each with the rights of their role, from a desktop, a tablet on the yard or
            a wall screen.
          </Trans>
        </p>
      </section>

      <section id="features" className={styles.section}>
        <h2>{i18n._(LANDING_HEADINGS.features)}</h2>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature.title.id} className={styles.feature}>
              <span className={styles.featureIcon}>
                <Icon name={feature.icon} size={28} />
              </span>
              <h3>{i18n._(feature.title)}</h3>
              <p>{i18n._(feature.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="digital" className={styles.section}>
        <h2>
          <Trans>Digitalization of the yard</Trans>
        </h2>
        <p>
          <Trans>
            Replace the whiteboard, the phone round and the spreadsheet by one shared record that
            supports decisions.
          </Trans>
        </p>
        <ul className={styles.points}>
          {DIGITAL_POINTS.map((point) => (
            <li key={point.id}>{i18n._(point)}</li>
          ))}
        </ul>
      </section>

      <section className={styles.banner} aria-labelledby="banner-title">
        <h2 id="banner-title">{i18n._(LANDING_HEADINGS.banner)}</h2>
        <p>{i18n._(LANDING_HEADINGS.bannerText)}</p>
        <a className={styles.primary} href="/contact">
          <Trans>More info and a demo</Trans>
        </a>
      </section>
    </>
  );
}

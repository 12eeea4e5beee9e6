import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { I18n, MessageDescriptor, Messages } from "@lingui/core";
import PDFDocument from "pdfkit";
import { loadClientModules } from "./vite-prerender";

/**
 * Writes the landing page's downloadable flyers, public/flyer/yardline-{en,es}.pdf, from the
 * landing's own words (landing.tsx and the public catalog; one A4 page each). Run after
 * changing them: `node --import tsx scripts/make-flyer.ts`.
 */
const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "public", "flyer");
const NAVY = "#0b1f33";
const AMBER = "#ffb400";

interface Pair {
  title: MessageDescriptor;
  text: MessageDescriptor;
}
type Landing = {
  SLIDES: Pair[];
  FEATURES: Pair[];
  LANDING_HEADINGS: Record<"product" | "features" | "banner" | "bannerText", MessageDescriptor>;
};
type Meta = {
  PAGE_META: { landing: { title: MessageDescriptor; description: MessageDescriptor } };
};
type PublicI18n = {
  publicI18n: I18n;
  activatePublicMessages: (locale: "en" | "es", messages: Messages) => void;
};

const [landing, meta, i18nModule, en, es] = (await loadClientModules(ROOT, [
  "src/client/features/public/site/landing.tsx",
  "src/client/features/public/site/page-meta.ts",
  "src/client/features/public/public-i18n.ts",
  "src/client/features/public/locales/en/messages.po",
  "src/client/features/public/locales/es/messages.po",
])) as [Landing, Meta, PublicI18n, { messages: Messages }, { messages: Messages }];

async function flyer(lang: "en" | "es", messages: Messages): Promise<void> {
  i18nModule.activatePublicMessages(lang, messages);
  const _ = (descriptor: MessageDescriptor) => i18nModule.publicI18n._(descriptor);
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: {
      Title: _(meta.PAGE_META.landing.title),
      Subject: _(meta.PAGE_META.landing.description),
      Author: "Yardline",
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(join(OUT, `yardline-${lang}.pdf`));
    out.on("finish", resolve).on("error", reject);
    doc.pipe(out);
  });
  const width = doc.page.width - 96;
  doc.rect(0, 0, doc.page.width, 150).fill(NAVY);
  doc.fillColor(AMBER).font("Helvetica-Bold").fontSize(30).text("Yardline", 48, 40);
  doc
    .fillColor("#ffffff")
    .fontSize(15)
    .text(_(landing.LANDING_HEADINGS.product), 48, 84, { width });
  doc.fillColor(NAVY).moveDown(4);
  doc.y = 180;
  for (const slide of landing.SLIDES) {
    doc.font("Helvetica-Bold").fontSize(13).text(_(slide.title), { width });
    doc.font("Helvetica").fontSize(11).fillColor("#3d4a5c").text(_(slide.text), { width });
    doc.fillColor(NAVY).moveDown(0.8);
  }
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(15).text(_(landing.LANDING_HEADINGS.features));
  doc.moveDown(0.4);
  for (const feature of landing.FEATURES) {
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(`${_(feature.title)}. `, { continued: true });
    doc.font("Helvetica").fillColor("#3d4a5c").text(_(feature.text), { width });
    doc.fillColor(NAVY).moveDown(0.3);
  }
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).text(_(landing.LANDING_HEADINGS.banner));
  doc.font("Helvetica").fontSize(11).text(_(landing.LANDING_HEADINGS.bannerText), { width });
  doc.end();
  await done;
}

mkdirSync(OUT, { recursive: true });
await flyer("en", en.messages);
await flyer("es", es.messages);
console.log(`flyers written to ${OUT}`);

import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import { SITE_COPY } from "../src/client/features/public/site/landing-copy";

/**
 * Writes the landing page's downloadable flyers, public/flyer/yardline-{en,es}.pdf, from the
 * landing's own words (one A4 page each). Run after changing landing-copy.ts:
 * `node --import tsx scripts/make-flyer.ts`.
 */
const OUT = join(import.meta.dirname, "..", "public", "flyer");
const NAVY = "#0b1f33";
const AMBER = "#ffb400";

async function flyer(lang: "en" | "es"): Promise<void> {
  const copy = SITE_COPY[lang];
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: copy.meta.title, Subject: copy.meta.description, Author: "Yardline" },
  });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(join(OUT, `yardline-${lang}.pdf`));
    out.on("finish", resolve).on("error", reject);
    doc.pipe(out);
  });
  const width = doc.page.width - 96;
  doc.rect(0, 0, doc.page.width, 150).fill(NAVY);
  doc.fillColor(AMBER).font("Helvetica-Bold").fontSize(30).text("Yardline", 48, 40);
  doc.fillColor("#ffffff").fontSize(15).text(copy.productTitle, 48, 84, { width });
  doc.fillColor(NAVY).moveDown(4);
  doc.y = 180;
  for (const slide of copy.slides) {
    doc.font("Helvetica-Bold").fontSize(13).text(slide.title, { width });
    doc.font("Helvetica").fontSize(11).fillColor("#3d4a5c").text(slide.text, { width });
    doc.fillColor(NAVY).moveDown(0.8);
  }
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(15).text(copy.featuresTitle);
  doc.moveDown(0.4);
  for (const feature of copy.features) {
    doc.font("Helvetica-Bold").fontSize(11).text(`${feature.title}. `, { continued: true });
    doc.font("Helvetica").fillColor("#3d4a5c").text(feature.text, { width });
    doc.fillColor(NAVY).moveDown(0.3);
  }
  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).text(copy.bannerTitle);
  doc.font("Helvetica").fontSize(11).text(copy.bannerText, { width });
  doc.end();
  await done;
}

mkdirSync(OUT, { recursive: true });
await flyer("en");
await flyer("es");
console.log(`flyers written to ${OUT}`);

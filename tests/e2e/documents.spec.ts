import { mkdirSync, readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { fromBuffer } from "yauzl";
import { apiAs } from "./api-as";
import { DocumentsPage } from "./documents-page-model";
import { mailsTo } from "./e2e-mail";
import { expect, test } from "./fixtures";
import { SyncIssuesPage } from "./offline-sync-page-model";

/**
 * Shipment documents (issue 13): office drops files and a photo on a line, sees their upload,
 * the gallery and the documents table, zips them (all, then a selection), mails them (read back
 * from the e2e server's SMTP sink), deletes one after confirming, downloads the QR code, the label and the check list; a
 * fork-lift driver on a tablet takes a photo offline and it reaches the server once, and one the
 * server refuses (larger than the e2e server's 2 MB limit) is listed in the sync issues with why
 * (issue 24: uploads are outbox entries).
 */
test.use({ lang: "en" });

const SHOTS = "test-results/screenshots";
mkdirSync(SHOTS, { recursive: true });

/** A real PNG of w x h pixels, one colour. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crc = (buffer: Buffer) => {
    let c = ~0;
    for (const byte of buffer) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function zipNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const names: string[] = [];
      archive.on("entry", (entry) => {
        names.push(entry.fileName);
        archive.readEntry();
      });
      archive.on("end", () => resolve(names.sort()));
      archive.readEntry();
    });
  });
}

async function newLine(request: Parameters<typeof apiAs>[0], tag: string) {
  const office = await apiAs(request, "office", "Yardline Demo");
  const client = await office.clientId("ACME");
  const code = `${tag}-${Date.now().toString(36).toUpperCase()}`;
  const created = await office.send("post", "/api/expedition", {
    code,
    booked_date: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, "Z"),
    client,
    dock: "D7",
    place: "Valencia",
  });
  expect(created.status, created.body).toBe(201);
  return { office, code, id: (JSON.parse(created.body) as { id: number }).id };
}

test("office drops files and a photo, sees them upload, zips them, gets the QR, label and check list", async ({
  page,
  request,
  loginAs,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  const { office, code, id } = await newLine(request, "DOCS");
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs("office", { landing: false });
  const docs = new DocumentsPage(page);
  await docs.openLine(`/expedition/${id}`, code);
  await docs.openFiles();

  // Hold the uploads until their progress has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/attachment", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await docs.picker.setInputFiles([
    {
      name: "delivery-note.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 note"),
    },
    { name: "packing.txt", mimeType: "text/plain", buffer: Buffer.from("12 pallets") },
    { name: "damaged-pallet.png", mimeType: "image/png", buffer: png(320, 200, [200, 40, 40]) },
  ]);
  await expect(docs.files.getByRole("progressbar", { name: /^Uploading / }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/documents-uploading.png` });
  release();
  await expect(docs.gallery.getByRole("button", { name: "View damaged-pallet.png" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(docs.documents.getByRole("row")).toHaveCount(3);
  await expect(docs.files.getByRole("progressbar")).toHaveCount(0);
  await expect(docs.gallery.getByRole("img", { name: "damaged-pallet.png" })).toBeVisible();
  await expect(docs.files.getByRole("button", { name: "Take photo" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/documents-office-desktop.png` });
  await checkA11y();

  // Full-size view.
  await docs.gallery.getByRole("button", { name: "View damaged-pallet.png" }).click();
  const full = page.getByRole("dialog", { name: "damaged-pallet.png" });
  await expect(full.getByRole("img")).toBeVisible();
  await full.getByRole("button", { name: "Close" }).click();

  // Zip of everything.
  await docs.files.getByRole("button", { name: "Download as zip" }).click();
  const zip = await docs.download(docs.files.getByRole("button", { name: "Download zip" }));
  expect(await zipNames(readFileSync(await zip.path()))).toEqual([
    "damaged-pallet.png",
    "delivery-note.pdf",
    "packing.txt",
  ]);
  await expect(page.getByText("File zip downloaded successfully")).toBeVisible();
  // Selection mode: only the ticked photo.
  await docs.files.getByRole("button", { name: "Download as zip" }).click();
  await docs.files.getByRole("checkbox", { name: "Select damaged-pallet.png" }).check();
  await expect(docs.files.getByText("1 selected")).toBeVisible();
  const chosen = await docs.download(docs.files.getByRole("button", { name: "Download zip" }));
  expect(await zipNames(readFileSync(await chosen.path()))).toEqual(["damaged-pallet.png"]);

  // Mail: the spec's check on the addresses, then the message reaches the e2e SMTP server.
  await docs.files.getByRole("button", { name: "Send by e-mail" }).click();
  const addresses = docs.files.getByLabel("E-mail addresses, separated by commas");
  await addresses.fill("dock@");
  await docs.files.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByText("Invalid email")).toBeVisible();
  const recipient = `${code.toLowerCase()}@example.com`;
  await addresses.fill(` ${recipient} , buyer@example.org`);
  await page.screenshot({ path: `${SHOTS}/documents-mail.png` });
  await docs.files.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.getByText("Email sent successfully")).toBeVisible();
  await expect.poll(async () => (await mailsTo(recipient)).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await mailsTo(recipient);
  expect(mail?.subject).toBe(`Expedition ${code}: documents`);
  expect(mail?.attachments.map((a) => a.filename).sort()).toEqual([
    "damaged-pallet.png",
    "delivery-note.pdf",
    "packing.txt",
  ]);

  // Delete a document after confirming.
  await docs.documents.getByRole("button", { name: "Delete packing.txt" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
  await expect(docs.documents.getByRole("row")).toHaveCount(2);
  const left = await office.get<{ results: { name: string }[] }>("/api/attachment", {
    shipment: id,
  });
  expect(left.results.map((a) => a.name).sort()).toEqual([
    "damaged-pallet.png",
    "delivery-note.pdf",
  ]);
  await docs.files.getByRole("button", { name: "Close" }).last().click();

  // QR code: 450x440, downloads as Expedition-{code}.png.
  await page.getByRole("button", { name: "QR code", exact: true }).click();
  const qrDialog = page.getByRole("dialog", { name: "QR code" });
  const image = qrDialog.getByRole("img", { name: `QR code of ${code}` });
  await expect(image).toBeVisible();
  const box = await image.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(450);
  expect(Math.round(box?.height ?? 0)).toBe(440);
  await page.screenshot({ path: `${SHOTS}/documents-qr.png` });
  const qr = await docs.download(qrDialog.getByRole("link", { name: "Download" }));
  expect(qr.suggestedFilename()).toBe(`Expedition-${code}.png`);
  expect(
    readFileSync(await qr.path())
      .subarray(1, 4)
      .toString("latin1"),
  ).toBe("PNG");
  await qrDialog.getByRole("button", { name: "Close" }).click();

  // Label and check list: PDFs.
  for (const [button, prefix] of [
    ["Print label", "Label"],
    ["Check list", "CheckList"],
  ] as const) {
    const pdf = await docs.download(page.getByRole("button", { name: button, exact: true }));
    expect(pdf.suggestedFilename()).toBe(`${prefix}-Expedition-${code}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  }
});

test.describe("fork-lift on a 1024x768 tablet", () => {
  // Goes offline: the service worker serves the app (playwright.config.ts blocks it by default).
  test.use({
    serviceWorkers: "allow",
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });

  test("takes a photo offline: it waits in the gallery and uploads once when back online", async ({
    page,
    context,
    request,
    loginAs,
    checkA11y,
  }) => {
    test.setTimeout(60_000);
    const { office, code, id } = await newLine(request, "PHOTO");
    await loginAs("forklift");
    const docs = new DocumentsPage(page);
    await docs.openLine(`/expedition/${id}`, code);
    await docs.openFiles();
    await expect(docs.files.getByRole("button", { name: "Take photo" })).toBeVisible();
    const posts: number[] = [];
    page.on("response", (response) => {
      const sent = response.request();
      if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/attachment") {
        posts.push(response.status());
      }
    });

    await context.setOffline(true);
    await docs.camera.setInputFiles({
      name: "pallet-photo.png",
      mimeType: "image/png",
      buffer: png(640, 480, [30, 90, 200]),
    });
    await expect(docs.gallery.getByText("Waiting for network")).toBeVisible();
    await expect(docs.gallery.getByRole("img", { name: "pallet-photo.png" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/documents-forklift-offline.png` });

    await context.setOffline(false);
    await expect(docs.gallery.getByRole("button", { name: "View pallet-photo.png" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(docs.gallery.getByText("Waiting for network")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/documents-forklift-online.png` });
    await checkA11y();
    const stored = await office.get<{ results: { name: string; is_image: boolean }[] }>(
      "/api/attachment",
      { shipment: id },
    );
    expect(stored.results).toEqual([
      expect.objectContaining({ name: "pallet-photo.png", is_image: true }),
    ]);
    expect(posts.filter((status) => status === 201)).toHaveLength(1);
  });
});

test.describe("fork-lift on a tablet, in Spanish", () => {
  test.use({
    serviceWorkers: "allow",
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    lang: "es",
  });

  test("photos taken offline that the server refuses (too large, wrong type) are listed in the sync issues with their reasons in Spanish", async ({
    page,
    context,
    request,
    loginAs,
  }) => {
    test.setTimeout(60_000);
    const { office, code, id } = await newLine(request, "BIG");
    await loginAs("forklift");
    const docs = new DocumentsPage(page, "es");
    await docs.openLine(`/expedition/${id}`, code);
    await docs.openFiles();
    const posts: number[] = [];
    page.on("response", (response) => {
      const sent = response.request();
      if (sent.method() === "POST" && new URL(sent.url()).pathname === "/api/attachment") {
        posts.push(response.status());
      }
    });

    await context.setOffline(true);
    await docs.camera.setInputFiles({
      name: "huge-photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(3 * 1_048_576, 7),
    });
    await expect(docs.gallery.getByText("Esperando red")).toBeVisible();
    // A program named as a photo: the server sniffs the bytes, not the name or the mime.
    const exe = Buffer.alloc(512);
    exe.write("MZ", 0, "latin1");
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write("PE\0\0", 0x80, "latin1");
    await docs.camera.setInputFiles({ name: "albaran.jpg", mimeType: "image/jpeg", buffer: exe });
    await expect(docs.gallery.getByText("Esperando red")).toHaveCount(2);

    await context.setOffline(false);
    // Refused: they leave the device's queue, and the top bar counts the sync issues.
    await expect(docs.gallery.getByText("Esperando red")).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => posts).toEqual([413, 415]);
    await page.keyboard.press("Escape");
    await page.goto("/sync-issues");
    const issues = new SyncIssuesPage(page, "es");
    await expect(issues.heading).toBeVisible();
    const card = issues.card("huge-photo.jpg");
    await expect(card).toBeVisible();
    await expect(card).toContainText("Archivo");
    await expect(card).toContainText("El archivo es más grande de lo que admite el servidor");
    await expect(card).not.toContainText("El servidor rechazó el cambio");
    // Its bytes are not kept: the user adds the file again; re-applying cannot succeed.
    await expect(issues.reapply("huge-photo.jpg")).toBeDisabled();
    const wrongType = issues.card("albaran.jpg");
    await expect(wrongType).toContainText(
      "Archivo: Este tipo de archivo no se admite: fotos, PDF, documentos u hojas de cálculo",
    );
    await expect(wrongType).not.toContainText("El servidor rechazó el cambio");
    await expect(issues.reapply("albaran.jpg")).toBeDisabled();
    await expect(issues.dismiss("albaran.jpg")).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/documents-refused-photo-sync-issue-es.png` });
    await issues.dismiss("albaran.jpg").click();
    await expect(wrongType).toHaveCount(0);
    const stored = await office.get<{ results: unknown[] }>("/api/attachment", { shipment: id });
    expect(stored.results).toEqual([]);
  });
});

import { deflateSync } from "node:zlib";
import type { Executor } from "./database";
import { PLAIN, TRW } from "./demo-data";
import { alertImages } from "./schema/alerts";

/**
 * Demo alert images for the kiosk walls (issue 16): two safety posters drawn here as PNGs (no
 * image files in the repository), for the companies the demo kiosks show.
 */
type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of width x height, each pixel from `paint`. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) raw.set(paint(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const BLACK: Rgb = [11, 19, 32];
const WHITE: Rgb = [255, 255, 255];
const W = 960;
const H = 540;

/** Hazard stripes round the edge, a sign in the middle. */
function poster(accent: Rgb, sign: (dx: number, dy: number) => Rgb | null): Buffer {
  return png(W, H, (x, y) => {
    const edge = Math.min(x, y, W - 1 - x, H - 1 - y);
    if (edge < 48) return Math.floor((x + y) / 40) % 2 === 0 ? accent : BLACK;
    return sign(x - W / 2, y - H / 2) ?? WHITE;
  });
}

/** A warning triangle with an exclamation mark. */
const warning = poster([255, 180, 0], (dx, dy) => {
  const inside = (size: number) =>
    dy < size * 0.5 && dy > -size * 0.5 && Math.abs(dx) < (dy + size * 0.5) * 0.6;
  if (Math.abs(dx) < 14 && ((dy > -90 && dy < 40) || (dy > 62 && dy < 90))) return BLACK;
  if (inside(300)) return inside(250) ? [255, 180, 0] : BLACK;
  return null;
});

/** A round blue sign with a walking path (two white bars). */
const paths = poster([11, 79, 168], (dx, dy) => {
  const r = Math.hypot(dx, dy);
  if (r > 170) return null;
  if ((Math.abs(dx + 50) < 14 || Math.abs(dx - 50) < 14) && Math.abs(dy) < 120) return WHITE;
  return [11, 79, 168];
});

export const DEMO_ALERTS = [
  { description: "Wear your high-visibility vest in the yard", bytes: warning },
  { description: "Forklifts crossing: walk on the marked paths", bytes: paths },
] as const;

export async function seedDemoAlerts(db: Executor, companyIds: ReadonlyMap<string, number>) {
  const rows = [PLAIN, TRW].flatMap((name) => {
    const companyId = companyIds.get(name);
    return companyId === undefined
      ? []
      : DEMO_ALERTS.map((alert) => ({
          companyId,
          description: alert.description,
          contentType: "image/png",
          size: alert.bytes.length,
          bytes: alert.bytes,
        }));
  });
  if (rows.length > 0) await db.insert(alertImages).values(rows);
}

/**
 * Renders the PWA icons into public/icons as PNG files (run once, output committed):
 *   node --import tsx src/client/tools/generate-icons.ts
 * A tiny rasteriser (signed distances, 4x4 supersampling) and PNG encoder on node:zlib keep
 * this free of image dependencies. Not part of the client bundle.
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

type Rgba = [number, number, number, number];
const NAVY: Rgba = [11, 31, 51, 255];
const AMBER: Rgba = [255, 180, 0, 255];
const WHITE: Rgba = [255, 255, 255, 255];

/** Distance from point p to segment ab, all in unit coordinates. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function insideRoundedSquare(x: number, y: number, radius: number) {
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - radius), 0);
  const qy = Math.max(Math.abs(y - 0.5) - (0.5 - radius), 0);
  return Math.hypot(qx, qy) <= radius;
}

/** Colour of one sample: a "Y" of loading lanes over a yard line, scaled into `scale`. */
function sample(x: number, y: number, maskable: boolean): Rgba {
  if (!maskable && !insideRoundedSquare(x, y, 0.22)) return [0, 0, 0, 0];
  const scale = maskable ? 0.62 : 0.8;
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const stroke = 0.085;
  const arms = [
    segmentDistance(u, v, 0.24, 0.16, 0.5, 0.5),
    segmentDistance(u, v, 0.76, 0.16, 0.5, 0.5),
    segmentDistance(u, v, 0.5, 0.5, 0.5, 0.72),
  ];
  if (Math.min(...arms) <= stroke) return AMBER;
  if (segmentDistance(u, v, 0.18, 0.86, 0.82, 0.86) <= 0.04) return WHITE;
  return NAVY;
}

function render(size: number, maskable: boolean): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = sample(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
            maskable,
          );
          for (let i = 0; i < 4; i++)
            sum[i] = (sum[i] ?? 0) + (c[i] ?? 0) * (i < 3 ? (c[3] ?? 0) / 255 : 1);
        }
      }
      const n = samples * samples;
      const alpha = (sum[3] ?? 0) / n;
      for (let i = 0; i < 3; i++) {
        row[1 + px * 4 + i] = alpha > 0 ? Math.round((sum[i] ?? 0) / n / (alpha / 255)) : 0;
      }
      row[1 + px * 4 + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return encodePng(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const outputs: [string, number, boolean][] = [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["maskable-192.png", 192, true],
  ["maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
];
for (const [name, size, maskable] of outputs) {
  writeFileSync(new URL(`../../../public/icons/${name}`, import.meta.url), render(size, maskable));
}

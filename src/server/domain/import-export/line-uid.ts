import { createHash } from "node:crypto";

/** Yardline's namespace for the uids of imported lines (a fixed random UUID). */
const NAMESPACE = Buffer.from("5f0c7a52b1e94d0c9a3e6f1d2c4b8a70", "hex");

/**
 * The uid of an imported row without a uid column: an RFC 9562 version 5 UUID of the company,
 * the type, the delivery note and the booked instant, so the same row imported again names the
 * same line (created once, db/create-once.ts).
 */
export function importedLineUid(parts: readonly (string | number)[]): string {
  const hash = createHash("sha1").update(NAMESPACE).update(parts.join("\u001f")).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

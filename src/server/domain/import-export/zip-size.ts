/**
 * The total uncompressed size a zip's central directory declares for its entries, or undefined
 * when the bytes are not a readable zip. Checked before an .xlsx is unpacked, so a zip bomb (a
 * few KB that inflate to gigabytes) is refused without inflating anything.
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const MAX_ENTRIES = 1000;

export function zipEntriesSize(bytes: Buffer): number | undefined {
  // The end record is the last 22 bytes, plus a comment of at most 65,535 bytes.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const size = bytes.readUInt32LE(at + 24);
    // 0xffffffff: the real size is in a zip64 field; treat it as too big.
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

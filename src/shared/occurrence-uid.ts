/**
 * The uid of occurrence `index` of a repeated line booked under `uid` (issue 12): a name-based
 * (version 5 style) UUID from SHA-1 of `<uid>#<index>`. The server creates each occurrence
 * under it (a retried series makes nothing twice); a device that queues a series offline shows
 * its first occurrence under the same uid (issue 24), so a change made to that line while the
 * series waits follows it to the line the server makes.
 */
export async function occurrenceUid(uid: string, index: number): Promise<string> {
  const name = new TextEncoder().encode(`${uid.toLowerCase()}#${index}`);
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-1", name));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

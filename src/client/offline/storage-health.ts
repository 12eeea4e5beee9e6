/** Free space below which the user is told storage is short (offline changes need room). */
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;

/**
 * Asks the browser to keep this origin's data (the outbox and mirrors) under storage pressure.
 * True when storage is persistent.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** True when the origin's quota is nearly used up (less than LOW_STORAGE_BYTES or 10 % left). */
export async function isStorageShort(): Promise<boolean> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.estimate) return false;
  try {
    const { usage = 0, quota } = await storage.estimate();
    if (!quota) return false;
    const free = quota - usage;
    return free < LOW_STORAGE_BYTES || free / quota < 0.1;
  } catch {
    return false;
  }
}

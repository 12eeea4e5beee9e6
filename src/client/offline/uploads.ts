import { ApiError, NetworkError, OfflineError } from "../lib/errors";
import { apiRequest, request } from "../lib/http";
import { db, type OutboxRow, UPLOAD_PATH, uploadKeyOf } from "./db";
import { type Author, enqueue } from "./outbox";

/**
 * Files and photos for a line's documents (issues 13 and 24) are outbox entries like any other
 * write: entity "attachment", op "create", a multipart POST api/attachment with the entry's
 * Idempotency-Key (a repeat after a lost answer is answered from the server's record: stored
 * once). The Blob waits in the entry (IndexedDB, strict durability) until the server
 * acknowledges it, and the one replayer sends it under the same lock, back-off, session rules
 * and sync issues as every change (a refused file, too large or of a refused type, becomes a
 * sync issue with its reason code). This module only queues a file, lists a line's waiting
 * files, sends one (replay-transport.ts calls `sendUpload`) and keeps the upload progress the
 * gallery shows.
 */

/** Room left free on the device beyond the file (the outbox and mirrors need some). */
const SPACE_MARGIN_BYTES = 20 * 1024 * 1024;

export class StorageFullError extends Error {
  override name = "StorageFullError";
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

const progress = new Map<string, UploadProgress>();
const progressListeners = new Set<() => void>();

/** How far the file of a queued upload (its mutation id) is sent; undefined when not sending. */
export function uploadProgressOf(mutationId: string): UploadProgress | undefined {
  return progress.get(mutationId);
}

export function subscribeUploadProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

function setProgress(id: string, value: UploadProgress | undefined): void {
  if (value) progress.set(id, value);
  else progress.delete(id);
  for (const listener of progressListeners) listener();
}

/** Refuses up front when the device has no room for the file (it stays with the user). */
export async function checkRoom(size: number): Promise<void> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.estimate) return;
  const { usage = 0, quota } = await storage.estimate().catch(() => ({ usage: 0, quota: 0 }));
  if (quota && quota - usage < size + SPACE_MARGIN_BYTES) {
    throw new StorageFullError("Not enough space on this device for the file");
  }
}

/**
 * Queues a file for a line (`shipment`, a server id): the outbox entry with its Blob is on
 * disk before the gallery shows it, then the replayer is woken. Returns its mutation id.
 */
export async function enqueueUpload(
  shipment: number,
  file: Blob & { name?: string },
  author: Author,
  description = "",
): Promise<string> {
  await checkRoom(file.size);
  const name = file.name || "photo.jpg";
  // The key is chosen here so the queue (attachment:<line>:<key>) can name it; enqueue gives
  // the entry its own Idempotency-Key, which is the one sent.
  const uid = crypto.randomUUID();
  try {
    return await enqueue(
      {
        entity: "attachment",
        entityId: uid,
        entityKey: uploadKeyOf(shipment, uid),
        op: "create",
        method: "POST",
        path: UPLOAD_PATH,
        body: { shipment, description },
        changes: {},
        summary: { label: name, field: "attachment", from: null, to: name },
        upload: { shipment, description, name, type: file.type, size: file.size, blob: file },
      },
      author,
    );
  } catch (error) {
    if ((error as { name?: string }).name === "QuotaExceededError") {
      throw new StorageFullError("Not enough space on this device for the file");
    }
    throw error;
  }
}

/** The line's files still waiting in the outbox, oldest first (the gallery shows them). */
export async function queuedUploads(shipment: number): Promise<OutboxRow[]> {
  const rows = await db.outbox.where("entityKey").startsWith(uploadKeyOf(shipment, "")).toArray();
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * Sends one queued upload with `jwt` (the session the replayer picked it for): the multipart
 * fields, the file, its Idempotency-Key and company. Over XMLHttpRequest where there is one
 * (fetch reports no upload progress, and a large photo on a slow network must not meet the
 * API client's timeout); failures typed as every request's (ApiError, NetworkError).
 */
export async function sendUpload(entry: OutboxRow, jwt: string | undefined): Promise<null> {
  const upload = entry.upload;
  if (!upload) throw new Error(`outbox entry ${entry.seq} carries no file`);
  const form = new FormData();
  form.append("shipment", String(upload.shipment));
  if (upload.description) form.append("description", upload.description);
  form.append("file", upload.blob, upload.name);
  const headers: Record<string, string> = { "Idempotency-Key": entry.mutationId };
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  if (typeof XMLHttpRequest === "undefined") {
    await request<unknown>(entry.path, {
      method: "post",
      body: form,
      headers,
      company: entry.company,
      timeout: false,
    });
    return null;
  }
  setProgress(entry.mutationId, { loaded: 0, total: upload.size });
  try {
    await sendWithProgress(entry, form, headers);
    return null;
  } finally {
    setProgress(entry.mutationId, undefined);
  }
}

function sendWithProgress(
  entry: OutboxRow,
  form: FormData,
  headers: Record<string, string>,
): Promise<void> {
  const { url, headers: base } = apiRequest(entry.path, entry.company);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries({ ...base, ...headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) =>
      setProgress(entry.mutationId, { loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve();
        return;
      }
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): keep the text.
      }
      reject(new ApiError(xhr.status, body));
    };
    const failed = () =>
      reject(navigator.onLine === false ? new OfflineError() : new NetworkError());
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.send(form);
  });
}

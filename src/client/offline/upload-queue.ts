import { Attachment } from "../../shared/contract/documents";
import { apiRequest } from "../lib/http";
import { getSessionState, subscribeSession } from "../lib/session/session-store";
import { readStored } from "../lib/storage";
import { db, type UploadRow } from "./db";

/**
 * Files and photos for a line's documents (issue 13), with the outbox's guarantees: the Blob is
 * written to IndexedDB (strict durability) before the gallery shows it; one device-wide sender
 * (Web Lock `yardline-uploads`) sends the oldest first, each with its own Idempotency-Key, so a
 * repeat after a lost answer is answered from the server's record and stored once; only with
 * the session of the user who added it; network errors, 5xx, 429 and 409 back off with jitter
 * (1 s doubling to 60 s, `online` ends the wait), 401 waits for a new sign-in, other 4xx are
 * final (the file leaves the queue and the refusal is reported). Space is checked before a
 * file is queued: a file refused for room is never taken from the user.
 */
export const UPLOAD_LOCK = "yardline-uploads";
const HEARTBEAT_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;
/** Room left free on the device beyond the file (the outbox and mirrors need some). */
const SPACE_MARGIN_BYTES = 20 * 1024 * 1024;

export class StorageFullError extends Error {
  override name = "StorageFullError";
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

type Listener = () => void;
const progress = new Map<string, UploadProgress>();
const progressListeners = new Set<Listener>();
const refusalListeners = new Set<(row: UploadRow, status: number, code: string) => void>();
const doneListeners = new Set<(row: UploadRow, attachment: Attachment) => void>();

export function uploadProgressOf(mutationId: string): UploadProgress | undefined {
  return progress.get(mutationId);
}

export function subscribeUploadProgress(listener: Listener): () => void {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

function setProgress(id: string, value: UploadProgress | undefined) {
  if (value) progress.set(id, value);
  else progress.delete(id);
  for (const listener of progressListeners) listener();
}

export function onUploadRefused(
  listener: (row: UploadRow, status: number, code: string) => void,
): () => void {
  refusalListeners.add(listener);
  return () => {
    refusalListeners.delete(listener);
  };
}

export function onUploaded(listener: (row: UploadRow, attachment: Attachment) => void): () => void {
  doneListeners.add(listener);
  return () => {
    doneListeners.delete(listener);
  };
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

/** Queues a file for a line (durable first), then wakes the sender. */
export async function enqueueUpload(
  shipment: number,
  file: Blob & { name?: string },
  description = "",
): Promise<UploadRow> {
  const user = getSessionState().auth?.user;
  const company = readStored("company");
  if (!user || !company) throw new Error("No session to upload with");
  await checkRoom(file.size);
  const row: UploadRow = {
    mutationId: crypto.randomUUID(),
    shipment,
    name: file.name || "photo.jpg",
    description,
    type: file.type,
    size: file.size,
    blob: file,
    userId: user.id,
    username: user.username,
    company,
    createdAt: Date.now(),
    attempts: 0,
  };
  try {
    row.seq = await db.uploads.add(row);
  } catch (error) {
    if ((error as { name?: string }).name === "QuotaExceededError") {
      throw new StorageFullError("Not enough space on this device for the file");
    }
    throw error;
  }
  kickUploads();
  return row;
}

/** The line's files still waiting, oldest first (the gallery shows them meanwhile). */
export function queuedUploads(shipment: number): Promise<UploadRow[]> {
  return db.uploads.where("shipment").equals(shipment).sortBy("seq");
}

export interface SendResult {
  status: number;
  body: unknown;
}

/** One upload over XMLHttpRequest (fetch reports no upload progress). */
export function sendUpload(
  row: UploadRow,
  jwt: string,
  onProgress: (value: UploadProgress) => void,
): Promise<SendResult> {
  return new Promise((resolve, reject) => {
    const { url } = apiRequest("api/attachment", row.company);
    const form = new FormData();
    form.append("shipment", String(row.shipment));
    if (row.description) form.append("description", row.description);
    form.append("file", row.blob, row.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Authorization", `Bearer ${jwt}`);
    xhr.setRequestHeader("company", row.company);
    xhr.setRequestHeader("Idempotency-Key", row.mutationId);
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.ontimeout = () => reject(new Error("timeout"));
    xhr.send(form);
  });
}

export interface UploaderDeps {
  send: typeof sendUpload;
  session: () => { userId: number; jwt: string } | null;
  withLock: (task: () => Promise<void>) => Promise<void>;
}

function defaultSession() {
  const user = getSessionState().auth?.user;
  const jwt = readStored("jwt");
  return user && jwt ? { userId: user.id, jwt } : null;
}

let chain: Promise<void> = Promise.resolve();
function defaultLock(task: () => Promise<void>): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.locks) {
    return navigator.locks.request(UPLOAD_LOCK, task);
  }
  const run = chain.then(task);
  chain = run.catch(() => {});
  return run;
}

/** Sends the queue; one pass at a time, a kick during a pass runs another after it. */
export class Uploader {
  private backoffMs = 0;
  private waitUntil = 0;
  private pausedJwt: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: UploaderDeps) {}

  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.deps
      .withLock(() => this.pass())
      .catch(() => {})
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          void this.kick();
        }
      });
    return this.running;
  }

  networkBack(): void {
    this.waitUntil = 0;
    void this.kick();
  }

  stop(): void {
    this.stopped = true;
  }

  private async pass(): Promise<void> {
    while (!this.stopped) {
      if (Date.now() < this.waitUntil) return;
      if (typeof navigator !== "undefined" && navigator.onLine === false) return;
      const session = this.deps.session();
      if (!session || session.jwt === this.pausedJwt) return;
      this.pausedJwt = null;
      const next = await db.uploads.where("userId").equals(session.userId).sortBy("seq");
      const row = next[0];
      if (!row) return;
      if (!(await this.sendOne(row, session))) return;
    }
  }

  /** True when the queue may go on at once. */
  private async sendOne(row: UploadRow, session: { userId: number; jwt: string }) {
    let result: SendResult;
    try {
      setProgress(row.mutationId, { loaded: 0, total: row.size });
      result = await this.deps.send(row, session.jwt, (value) =>
        setProgress(row.mutationId, value),
      );
    } catch (error) {
      setProgress(row.mutationId, undefined);
      await this.retryLater(row, String(error));
      return false;
    }
    setProgress(row.mutationId, undefined);
    const { status, body } = result;
    const code = (body as { code?: string } | null)?.code ?? "";
    if (status >= 200 && status < 300) {
      this.backoffMs = 0;
      await db.uploads.delete(row.seq as number);
      const parsed = Attachment.safeParse(body);
      if (parsed.success) for (const listener of doneListeners) listener(row, parsed.data);
      return true;
    }
    if (status === 401) {
      this.pausedJwt = session.jwt;
      return false;
    }
    if (status >= 500 || status === 429 || status === 409 || status === 0) {
      await this.retryLater(row, `${status} ${code}`);
      return false;
    }
    await db.uploads.delete(row.seq as number);
    for (const listener of refusalListeners) listener(row, status, code);
    return true;
  }

  private async retryLater(row: UploadRow, error: string) {
    await db.uploads.update(row.seq as number, { attempts: row.attempts + 1, lastError: error });
    this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 1000), MAX_BACKOFF_MS);
    const wait = this.backoffMs / 2 + Math.random() * (this.backoffMs / 2);
    this.waitUntil = Date.now() + wait;
    setTimeout(() => void this.kick(), wait + 10);
  }
}

let active: Uploader | null = null;

export function kickUploads(): void {
  void active?.kick();
}

/** Starts the device's uploader with its triggers; returns the stop function. */
export function startUploadQueue(overrides: Partial<UploaderDeps> = {}): () => void {
  const uploader = new Uploader({
    send: sendUpload,
    session: defaultSession,
    withLock: defaultLock,
    ...overrides,
  });
  active = uploader;
  const handleOnline = () => uploader.networkBack();
  window.addEventListener("online", handleOnline);
  const unsubscribe = subscribeSession(() => void uploader.kick());
  const heartbeat = setInterval(() => void uploader.kick(), HEARTBEAT_MS);
  void uploader.kick();
  return () => {
    uploader.stop();
    if (active === uploader) active = null;
    window.removeEventListener("online", handleOnline);
    unsubscribe();
    clearInterval(heartbeat);
  };
}

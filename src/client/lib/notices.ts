import { NOTICE_MS } from "../../shared/constants";
import { errorLines } from "./error-messages";
import { ApiError, NetworkError, OfflineError } from "./errors";
import { appStore, type Notice, type NoticeKind, noticesAtom } from "./store";

/**
 * One notice system (spec section 8): errors and warnings stay 4 s, the rest 3 s. Callable from
 * anywhere (the host component in the root route renders them).
 */
let nextId = 1;
/** The dismiss timer of each notice on screen. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function durationFor(kind: NoticeKind): number {
  if (kind === "error") return NOTICE_MS.error;
  if (kind === "warning") return NOTICE_MS.warning;
  return NOTICE_MS.default;
}

export function notify(kind: NoticeKind, title: string, text: string | string[] = []): number {
  const notice: Notice = {
    id: nextId++,
    kind,
    title,
    lines: Array.isArray(text) ? text : [text],
    durationMs: durationFor(kind),
  };
  appStore.set(noticesAtom, (list) => [...list, notice]);
  timers.set(
    notice.id,
    setTimeout(() => dismissNotice(notice.id), notice.durationMs),
  );
  return notice.id;
}

export function dismissNotice(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  appStore.set(noticesAtom, (list) => list.filter((notice) => notice.id !== id));
}

/** Removes every notice (at logout: the next user of the device must not see them). */
export function clearNotices(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  appStore.set(noticesAtom, []);
}

export interface ErrorTexts {
  /** Shown for NetworkError (no answer). */
  network: string;
  /** Shown for OfflineError (not attempted). */
  offline: string;
  /** Translated messages by server error code, used instead of the server's (English) text. */
  codes?: Readonly<Record<string, string>>;
}

const ENGLISH_TEXTS: ErrorTexts = {
  network: "The server could not be reached",
  offline: "You are offline",
};

/**
 * The text of an ERROR notice, from the response body (spec section 8): a string as is; an
 * object with fields as labelled lists ("plate: A truck with this plate already exists");
 * otherwise the error's message.
 */
export function noticeFromError(error: unknown, texts: ErrorTexts = ENGLISH_TEXTS): string[] {
  if (error instanceof ApiError) {
    if (typeof error.body === "string" && error.body.trim() !== "") return [error.body];
    const fields = error.fields ?? fieldsOf(error.body);
    if (fields && Object.keys(fields).length > 0) {
      return Object.entries(fields).map(([name, messages]) => `${name}: ${messages.join(", ")}`);
    }
    return [texts.codes?.[error.code] ?? error.message];
  }
  if (error instanceof OfflineError) return [texts.offline];
  if (error instanceof NetworkError) return [texts.network];
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

/** A plain `{field: [messages]}` or `{field: message}` body (no code/message envelope). */
function fieldsOf(body: unknown): Record<string, string[]> | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body).filter(([key]) => key !== "code" && key !== "message");
  if (entries.length === 0) return null;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of entries) {
    if (typeof value === "string") fields[key] = [value];
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      fields[key] = value;
    } else return null;
  }
  return fields;
}

/** The ERROR notice of spec section 8 for a failed call (title "ERROR" in every language). */
export function notifyError(error: unknown): number {
  // In the interface language, each refused field under its label (lib/error-messages.ts).
  return notify("error", "ERROR", errorLines(error));
}

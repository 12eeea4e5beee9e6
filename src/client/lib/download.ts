import { type RequestOptions, requestBlob } from "./http";

/**
 * The one authenticated download and the one file saver. A link cannot carry the session's
 * headers, so a file comes through the API client (lib/http.ts: the token and company headers,
 * token renewal, and every failure an ApiError, NetworkError or OfflineError that
 * `notifyError` words through lib/error-messages.ts), then is saved through a temporary link.
 */

export interface DownloadedFile {
  blob: Blob;
  /** The server's file name (Content-Disposition), else the caller's fallback. */
  name: string;
}

export type DownloadOptions = Pick<RequestOptions, "signal" | "timeout">;

/**
 * GET `path` (relative to the API base) as a file. No timeout unless the caller sets one: a
 * zip of photos on a weak connection may take long, and the user sees the button pending.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const { blob, headers } = await requestBlob(path, { timeout: false, ...options });
  return { blob, name: fileNameOf(headers.get("content-disposition"), fallbackName) };
}

/** Saves a Blob on the device under `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads `path` and saves it; resolves to the name it was saved under. */
export async function saveDownload(path: string, fallbackName: string): Promise<string> {
  const file = await downloadFile(path, fallbackName);
  saveBlob(file.blob, file.name);
  return file.name;
}

/** The file name a Content-Disposition names (filename* first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

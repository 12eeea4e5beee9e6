import { PassThrough } from "node:stream";
import type { LiveChange } from "../../../shared/contract/changes";
import type { ShipmentType } from "../../../shared/contract/status";
import type { ChangeHub, ChangeNotice } from "./change-notice";

/** Who reads a stream: the company it acts for and what it may see of shipments. */
export interface Viewer {
  companyId: number;
  /** Clients a client-role user is limited to; empty: all. */
  clientIds: readonly number[];
  types: readonly ShipmentType[];
  /** May read critical lines (seeCriticalLines); absent: yes. */
  criticalLines?: boolean;
}

/** What the viewer is told about a notice, or null when it is none of their business. */
export function changeFor(viewer: Viewer, notice: ChangeNotice): LiveChange | null {
  if (notice.company !== viewer.companyId) return null;
  if (notice.entity === "shipper") return { entity: "shipper", ids: notice.ids ?? [] };
  if (notice.entity === "critical_line") {
    return viewer.criticalLines === false
      ? null
      : { entity: "critical_line", ids: notice.ids ?? [] };
  }
  if (viewer.types.length === 0) return null;
  if (notice.types && !notice.types.some((type) => viewer.types.includes(type as ShipmentType))) {
    return null;
  }
  if (viewer.clientIds.length === 0) return { entity: "shipment", ids: notice.ids ?? [] };
  // A client user learns only that a line of theirs may have changed, never another's ids.
  const clients = notice.clients;
  if (clients && !clients.some((client) => viewer.clientIds.includes(client))) return null;
  return { entity: "shipment", ids: [] };
}

export const RETRY_MS = 5_000;

export function changeFrame(change: LiveChange): string {
  return `event: change\ndata: ${JSON.stringify(change)}\n\n`;
}

export const HEARTBEAT_FRAME = ": ping\n\n";

export interface LiveStreamOptions {
  viewer: Viewer;
  hub: ChangeHub;
  heartbeatMs: number;
  /** The stream ends after this long; the client reconnects, and its token is checked again. */
  maxMs: number;
}

/**
 * One client's server-sent events: `retry:` first, then `event: change` frames and comment
 * heartbeats. Ends when the client goes, after maxMs, or when the server closes.
 */
export function openLiveStream({
  viewer,
  hub,
  heartbeatMs,
  maxMs,
}: LiveStreamOptions): PassThrough {
  const stream = new PassThrough();
  const write = (text: string) => {
    if (!stream.writableEnded && !stream.destroyed) stream.write(text);
  };
  const unsubscribe = hub.subscribe({
    notice(notice) {
      const change = changeFor(viewer, notice);
      if (change) write(changeFrame(change));
    },
    gap() {
      write(changeFrame({ entity: "shipper", ids: [] }));
      if (viewer.criticalLines !== false) write(changeFrame({ entity: "critical_line", ids: [] }));
      if (viewer.types.length > 0) write(changeFrame({ entity: "shipment", ids: [] }));
    },
    close: () => stream.end(),
  });
  const heartbeat = setInterval(() => write(HEARTBEAT_FRAME), heartbeatMs);
  const lifetime = setTimeout(() => stream.end(), maxMs);
  heartbeat.unref();
  lifetime.unref();
  stream.once("close", () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
  });
  write(`retry: ${RETRY_MS}\n: connected\n\n`);
  return stream;
}

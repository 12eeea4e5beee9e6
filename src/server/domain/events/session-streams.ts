import type { Writable } from "node:stream";

/**
 * Open live-event streams per login session on this instance (issue 9): at most `max` each.
 * A new stream beyond the cap ends the session's oldest one (ended streams close their socket)
 * rather than refusing the new one: the newest is the tab or device the user is looking at,
 * the oldest is most likely a reloaded page's or a dropped network's leftover. The count is
 * per instance: behind N instances a session holds at most max x N streams.
 */
export class SessionStreams {
  private readonly open = new Map<string, Writable[]>();

  constructor(private readonly max: number) {}

  /** Counts `stream` for the session (until it closes), ending the oldest beyond the cap. */
  add(sessionId: string, stream: Writable): void {
    const streams = this.open.get(sessionId) ?? [];
    this.open.set(sessionId, streams);
    streams.push(stream);
    stream.once("close", () => this.remove(sessionId, stream));
    while (streams.length > this.max) {
      const oldest = streams.shift();
      oldest?.end();
    }
  }

  /** Streams the session holds open now. */
  count(sessionId: string): number {
    return this.open.get(sessionId)?.length ?? 0;
  }

  private remove(sessionId: string, stream: Writable): void {
    const streams = this.open.get(sessionId);
    if (!streams) return;
    const index = streams.indexOf(stream);
    if (index >= 0) streams.splice(index, 1);
    if (streams.length === 0) this.open.delete(sessionId);
  }
}

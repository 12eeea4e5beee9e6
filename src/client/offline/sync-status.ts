import { useMirrorQuery } from "../lib/data-hooks/use-mirror-query";
import { db } from "./db";

/** What the top bar tells about the device's sync, for the signed-in user. */
export interface SyncStatus {
  /** Changes made on this device still waiting for the server. */
  waiting: number;
  /** Refused changes the user has not reviewed yet. */
  issues: number;
  /** Last time any list or queued change got an answer from the server (epoch ms). */
  lastSync: number | null;
}

export async function readSyncStatus(userId: number | null): Promise<SyncStatus> {
  if (userId === null) return { waiting: 0, issues: 0, lastSync: null };
  const [waiting, issues, syncs] = await Promise.all([
    db.outbox.where("userId").equals(userId).count(),
    db.syncIssues.where("userId").equals(userId).count(),
    db.meta.where("key").startsWith("lastSync:").toArray(),
  ]);
  const times = syncs.map((row) => row.value).filter((value) => typeof value === "number");
  return { waiting, issues, lastSync: times.length > 0 ? Math.max(...times) : null };
}

/** Live SyncStatus (re-renders when the outbox, the issues or a sync time change). */
export function useSyncStatus(userId: number | null): SyncStatus | undefined {
  return useMirrorQuery(() => readSyncStatus(userId), [userId]);
}

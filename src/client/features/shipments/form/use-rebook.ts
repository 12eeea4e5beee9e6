import { useEffect, useState } from "react";
import type { Shipment } from "../../../../shared/contract/shipments";
import { type BookingRefusal, isBookingCode } from "../../../lib/error-messages";
import { db, type SyncIssueRow } from "../../../offline/db";

/**
 * The form opened from a sync issue (`?rebook=<issue id>`, issue 24): the refused change with
 * this device's values, so the user picks another hour (or fixes what the server named) and
 * saves again. Null while loading, or when the issue is gone or not this line's.
 */
export interface Rebook {
  issue: SyncIssueRow;
  /** The line as this device wanted it (a creation's whole line, an edit's changed fields). */
  values: Partial<Shipment>;
  /** A creation's uid: saving again creates under it. */
  uid: string | null;
  booking: BookingRefusal | null;
}

export function useRebook(issueId: number | undefined): Rebook | null {
  const [rebook, setRebook] = useState<Rebook | null>(null);
  useEffect(() => {
    if (issueId === undefined) return;
    let live = true;
    void db.syncIssues.get(issueId).then((issue) => {
      if (!live || !issue || issue.entity !== "shipment" || issue.kind === "conflict") return;
      const code = issue.fieldCodes?.booked_date;
      setRebook({
        issue,
        values: issue.changes as Partial<Shipment>,
        uid: issue.op === "create" ? String(issue.entityId) : null,
        booking: isBookingCode(code) ? { code, at: issue.refusedAt } : null,
      });
    });
    return () => {
      live = false;
    };
  }, [issueId]);
  return rebook;
}

/** Done with: the change was saved again (sent, or queued anew). */
export async function settleRebook(rebook: Rebook | null): Promise<void> {
  if (rebook?.issue.id !== undefined) await db.syncIssues.delete(rebook.issue.id);
}

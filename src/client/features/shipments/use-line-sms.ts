import { useEffect, useState } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import { SMS_COOLDOWN_MS } from "../../ui/sms-dialog";

/**
 * The SMS dialog of a list of lines: which line it is open for, and the lines whose SMS was
 * just sent, locked for 10 s (spec 02 section 2: "the SMS send is locked for 10 seconds after a
 * send"); the row's button re-enables itself when the lock ends.
 */
export function useLineSms(now: () => number = Date.now) {
  const [line, setLine] = useState<Shipment | null>(null);
  const [locks, setLocks] = useState<Record<number, number>>({});

  useEffect(() => {
    const ends = Object.values(locks);
    if (ends.length === 0) return;
    const wait = Math.max(0, Math.min(...ends) - now());
    const timer = setTimeout(() => {
      const at = now();
      setLocks((current) =>
        Object.fromEntries(Object.entries(current).filter(([, until]) => until > at)),
      );
    }, wait + 50);
    return () => clearTimeout(timer);
  }, [locks, now]);

  return {
    line,
    open: setLine,
    close: () => setLine(null),
    isLocked: (row: Shipment) => (locks[row.id] ?? 0) > now(),
    lockedUntil: (row: Shipment | null) => (row ? (locks[row.id] ?? 0) : 0),
    lock: (row: Shipment) =>
      setLocks((current) => ({ ...current, [row.id]: now() + SMS_COOLDOWN_MS })),
  };
}

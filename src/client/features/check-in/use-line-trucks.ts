import { useEffect, useState } from "react";
import type { Shipper } from "../../../shared/contract/trucks";
import { lineTrucks } from "./api";
import { offerTrucks } from "./check-in-local";

/** Trucks offered for a line at once on a terminal (large buttons). */
export const OFFERED_TRUCKS = 6;
const TYPING_MS = 250;

export interface LineTrucks {
  trucks: Shipper[];
  /** server: api/shipper/available?line=; device: the mirrored trucks (no answer). */
  source: "server" | "device";
}

/**
 * The trucks the line may take whose plate contains the typed text: the server's answer when
 * it answers (the line's own truck once it has one, the registry de-duplicated by plate), else
 * the mirrored trucks by plate, so the terminal offers the same kind of list offline.
 */
export function useLineTrucks(
  line: number | null,
  typed: string,
  mirror: readonly Shipper[] | undefined,
): LineTrucks {
  const [server, setServer] = useState<{ key: string; trucks: Shipper[] } | null>(null);
  const key = `${line}|${typed.trim()}`;
  useEffect(() => {
    if (line === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lineTrucks(line, typed, controller.signal).then(
        (trucks) => setServer({ key, trucks: trucks.slice(0, OFFERED_TRUCKS) }),
        () => {
          // No answer or a refusal: the mirror stands in (the check-in itself says the rest).
          if (!controller.signal.aborted) setServer(null);
        },
      );
    }, TYPING_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [line, typed, key]);
  if (server && server.key === key) return { trucks: server.trucks, source: "server" };
  return { trucks: offerTrucks(mirror ?? [], typed, OFFERED_TRUCKS), source: "device" };
}

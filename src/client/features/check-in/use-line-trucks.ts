import type { Shipper } from "../../../shared/contract/trucks";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
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

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
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
  // No answer or a refusal: the mirror stands in (the check-in itself says the rest).
  const server = useRemoteData(line === null ? null : `${line}|${typed.trim()}`, async (signal) => {
    // Typing goes on: only the text that stays a moment is looked up.
    await pause(TYPING_MS, signal);
    return (await lineTrucks(line ?? 0, typed, signal)).slice(0, OFFERED_TRUCKS);
  });
  if (server.data && !server.error) return { trucks: server.data, source: "server" };
  return { trucks: offerTrucks(mirror ?? [], typed, OFFERED_TRUCKS), source: "device" };
}

import type { Shipment } from "../../../../shared/contract/shipments";
import type { ShipmentType } from "../../../../shared/contract/status";
import { useRemoteData } from "../../../lib/data-hooks/use-remote-data";
import { ApiError, isTransient } from "../../../lib/errors";
import { getMirroredShipment, putShipment } from "../../../offline/shipments-mirror";
import { getShipment } from "../api";

export interface ShipmentLine {
  /** The line as last loaded (null: a new line, or not loaded yet). */
  row: Shipment | null;
  loading: boolean;
  /** Deleted, of the other type, or out of the user's scope. */
  missing: boolean;
  /** The API could not be reached: the mirrored copy is shown. */
  offline: boolean;
}

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The line the form edits: the mirrored copy at once (so it opens offline), then the API's
 * (mirrored too). `onLoad` gets each copy until the user changes something.
 */
export function useShipmentLine(
  type: ShipmentType,
  id: number | null,
  onLoad: (row: Shipment) => void,
  onError: (error: unknown) => void,
): ShipmentLine {
  const mirrored = async () => {
    if (id === null) return null;
    const row = await getMirroredShipment(id);
    return row && row.type === type ? row : null;
  };
  const line = useRemoteData(
    id === null ? null : `${type}:${id}`,
    async (signal): Promise<Shipment | null> => {
      // Planned on this device and not sent yet: the mirror is all there is.
      if (id === null || id < 0) return mirrored();
      const fresh = await getShipment(type, id, signal);
      await putShipment(fresh);
      // The mirror keeps this device's queued changes over the server's copy: show those.
      return (await mirrored()) ?? fresh;
    },
    {
      cached: () => (id !== null && id >= 0 ? mirrored() : null),
      onData: (row) => {
        if (row) onLoad(row);
      },
      onError: (error, shown) => {
        if (!isMissing(error) && !(isTransient(error) && shown)) onError(error);
      },
    },
  );
  return {
    row: line.data ?? null,
    loading: line.isLoading,
    missing: line.data === null || isMissing(line.error),
    offline: line.isOffline,
  };
}

import { useEffect, useRef, useState } from "react";
import type { Shipment } from "../../../../shared/contract/shipments";
import type { ShipmentType } from "../../../../shared/contract/status";
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
  const [state, setState] = useState<ShipmentLine>({
    row: null,
    loading: id !== null,
    missing: false,
    offline: false,
  });
  const latest = useRef({ onLoad, onError });
  latest.current = { onLoad, onError };

  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    const show = (row: Shipment) => {
      if (signal.aborted) return;
      setState((current) => ({ ...current, row }));
      latest.current.onLoad(row);
    };
    setState({ row: null, loading: true, missing: false, offline: false });
    void (async () => {
      const cached = await getMirroredShipment(id);
      if (cached && cached.type === type) show(cached);
      if (id < 0) {
        // Planned on this device and not sent yet: the mirror is all there is.
        setState((current) => ({ ...current, loading: false, missing: !cached }));
        return;
      }
      try {
        const fresh = await getShipment(type, id, signal);
        await putShipment(fresh);
        // The mirror keeps this device's queued changes over the server's copy: show those.
        const mirrored = await getMirroredShipment(id);
        show(mirrored && mirrored.type === type ? mirrored : fresh);
        setState((current) => ({ ...current, loading: false }));
      } catch (error) {
        if (signal.aborted) return;
        const missing = error instanceof ApiError && error.status === 404;
        const offline = isTransient(error);
        if (!missing && !(offline && cached)) latest.current.onError(error);
        setState((current) => ({ ...current, loading: false, missing, offline }));
      }
    })();
    return () => controller.abort();
  }, [type, id]);

  return state;
}

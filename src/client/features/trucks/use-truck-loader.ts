import { useEffect, useRef, useState } from "react";
import type { Shipper } from "../../../shared/contract/trucks";
import { ApiError, isTransient } from "../../lib/errors";
import { getMirroredTruck, putTruck } from "../../offline/trucks-mirror";
import { getTruck } from "./api";

export interface TruckLoaderOptions {
  /** Puts a loaded truck into the form. */
  show: (truck: Shipper) => void;
  /** True once the user changed the form: later loads leave it alone. */
  isTouched: () => boolean;
  /** A failed load (not a 404, and not a network failure covered by the mirror). */
  onError: (error: unknown) => void;
}

/**
 * Loads the truck being edited: the mirrored copy at once, then the API's (which is mirrored
 * too). A 404 marks it missing; offline, the mirrored copy stands.
 */
export function useTruckLoader(
  truckId: number | null,
  options: TruckLoaderOptions,
): { loading: boolean; missing: boolean } {
  const [loading, setLoading] = useState(truckId !== null);
  const [missing, setMissing] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (truckId === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    const showUntouched = (truck: Shipper) => {
      if (!signal.aborted && !latest.current.isTouched()) latest.current.show(truck);
    };
    setLoading(true);
    setMissing(false);
    void (async () => {
      const cached = await getMirroredTruck(truckId);
      if (cached) showUntouched(cached);
      try {
        const fresh = await getTruck(truckId, signal);
        await putTruck(fresh);
        showUntouched(fresh);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else if (!(isTransient(error) && cached)) latest.current.onError(error);
      } finally {
        if (!signal.aborted) setLoading(false);
      }
    })();
    return () => controller.abort();
  }, [truckId]);

  return { loading, missing };
}

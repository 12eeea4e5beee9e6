import type { Shipper } from "../../../shared/contract/trucks";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
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
  const truck = useRemoteData(
    truckId === null ? null : String(truckId),
    async (signal) => {
      const fresh = await getTruck(truckId ?? 0, signal);
      await putTruck(fresh);
      return fresh;
    },
    {
      cached: () => (truckId === null ? null : getMirroredTruck(truckId)),
      onData: (loaded) => {
        if (!options.isTouched()) options.show(loaded);
      },
      onError: (error, shown) => {
        if (isMissing(error)) return;
        if (!(isTransient(error) && shown)) options.onError(error);
      },
    },
  );
  return { loading: truck.isLoading, missing: isMissing(truck.error) };
}

const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

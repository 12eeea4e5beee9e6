import type { Shipper } from "../../../shared/contract/trucks";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { ApiError, isTransient } from "../../lib/errors";
import { answeredIdOf } from "../../offline/replay-outcome";
import { getMirroredTruck, putTruck } from "../../offline/trucks-mirror";
import { getTruck } from "./api";

export interface TruckLoaderOptions {
  /** Puts a loaded truck into the form. */
  show: (truck: Shipper) => void;
  /**
   * The server's truck a form opened on a truck signed up here now edits (its sign-up was
   * answered), when the user already changed the form: their values stay, the truck changes.
   */
  follow: (truck: Shipper) => void;
  /** True once the user changed the form: later loads leave it alone. */
  isTouched: () => boolean;
  /** A failed load (not a 404, and not a network failure covered by the mirror). */
  onError: (error: unknown) => void;
}

/**
 * Loads the truck being edited: the mirrored copy at once, then the API's (which is mirrored
 * too, unless an edit of it waits in the outbox: then the device's copy stands). A truck signed
 * up on this device (negative id) is read from the mirror only, and once its sign-up is
 * answered the truck under its server id is (replay-outcome.ts `answeredIdOf`). A 404 marks
 * it missing; offline, the mirrored copy stands.
 */
export function useTruckLoader(
  truckId: number | null,
  options: TruckLoaderOptions,
): { loading: boolean; missing: boolean } {
  // Signed up here and answered (before the form opened, or while it is open): the form
  // follows the truck to its server id and stays open on it (issue 24).
  const answered = useMirrorQuery(
    () => (truckId !== null && truckId < 0 ? answeredIdOf("shipper", truckId) : null),
    [truckId],
  );
  const shownId = answered ?? truckId;
  const truck = useRemoteData(
    shownId === null ? null : String(shownId),
    async (signal) => {
      const id = shownId ?? 0;
      // Signed up on this device and not sent yet: only the device has it.
      if (id < 0) {
        const mirrored = await getMirroredTruck(id);
        // Gone from the device: sent meanwhile (the list shows it under its server id) or refused.
        if (!mirrored)
          throw new ApiError(404, { code: "not_found", message: "Not on this device" });
        return mirrored;
      }
      const fresh = await getTruck(id, signal);
      await putTruck(fresh);
      // With an edit still queued the device's copy is what the user edits further.
      return (await getMirroredTruck(id)) ?? fresh;
    },
    {
      cached: () => (shownId === null ? null : getMirroredTruck(shownId)),
      onData: (loaded) => {
        if (!options.isTouched()) options.show(loaded);
        else if (loaded.id !== truckId) options.follow(loaded);
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

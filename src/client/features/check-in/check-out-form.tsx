import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { notifyError } from "../../lib/notices";
import type { Author } from "../../offline/outbox";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import styles from "./check-in.module.css";
import { refusalErrors } from "./check-in-flow";
import { isOnSite, truckByPlate } from "./check-in-local";
import { checkOutOnlineFirst } from "./commands";
import { checkInWaits, readGateTrucks } from "./queued-gate-writes";

/** A departure just registered: the plate, and where it is when not yet on the server. */
interface Departure {
  plate: string;
  waiting?: string;
}

/**
 * Check-out by plate: stamps the departure (online-first like the check-in). The trucks are the
 * mirror's with this terminal's queued check-ins and check-outs laid over (queued-gate-writes.ts).
 * The departure is confirmed under the form, where the guard looks, until the next plate: a
 * notice at the top covered the Arrival/Departure choice on the terminal.
 */
export function CheckOutForm({ company }: { company: number }) {
  const { t, i18n } = useLingui();
  const [plate, setPlate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [departure, setDeparture] = useState<Departure | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const author = currentAuthor();
    if (sending || !author) return;
    setSending(true);
    setDeparture(null);
    try {
      const failure = await checkOut(author);
      setError(failure);
      if (failure === undefined) setPlate("");
    } catch (failure) {
      notifyError(failure);
    } finally {
      setSending(false);
    }
  };

  /** The check-out of the typed plate: the error to show under it, or undefined when done. */
  const checkOut = async (author: Author): Promise<string | undefined> => {
    // Read when submitted: the plate is judged on what the device holds at that moment.
    const gate = await readGateTrucks(company);
    const truck = truckByPlate(gate.trucks, plate);
    if (!truck) return t`No truck with this plate`;
    if (!truck.register_date) return t`This truck has not checked in.`;
    if (!isOnSite(truck)) return t`This truck has already left.`;
    const result = await checkOutOnlineFirst(truck, author, {
      afterQueuedCheckIn: checkInWaits(gate.queued, truck.plate),
    });
    if (result.kind === "refused") {
      const found = refusalErrors(result.error, i18n);
      // A refusal always shows: under the plate, else whatever the server said.
      return found.plate ?? found.form ?? Object.values(found).join(" ");
    }
    setDeparture({
      plate: truck.plate,
      ...(result.kind !== "queued"
        ? {}
        : {
            waiting:
              result.reason === "behind"
                ? t`Saved on this device: it is sent right after the truck's check-in`
                : t`Saved on this device: it is sent when the network is back`,
          }),
    });
    return undefined;
  };

  return (
    <div className={styles.flow}>
      <form className={styles.row} onSubmit={handleSubmit}>
        <TextField
          label={t`Plate`}
          value={plate}
          onChange={(value) => {
            setPlate(value);
            setError(undefined);
            setDeparture(null);
          }}
          autoComplete="off"
          errorMessage={error}
        />
        <Button type="submit" className={styles.big} pending={sending}>
          <Trans>Check out</Trans>
        </Button>
      </form>
      <p role="status" className={departure ? styles.departed : styles.silent}>
        {departure ? (
          <>
            <strong>
              <Trans>Departure registered</Trans>
            </strong>{" "}
            <span className={styles.plateInline}>{departure.plate}</span>
            {departure.waiting ? <span className={styles.waiting}>{departure.waiting}</span> : null}
          </>
        ) : null}
      </p>
    </div>
  );
}

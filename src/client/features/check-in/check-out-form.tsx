import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { notify } from "../../lib/notices";
import { db } from "../../offline/db";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import styles from "./check-in.module.css";
import { isOnSite, truckByPlate } from "./check-in-local";
import { queueCheckOut } from "./commands";

/** Check-out by plate: stamps the departure (queued like the check-in). */
export function CheckOutForm({ company }: { company: number }) {
  const { t } = useLingui();
  const [plate, setPlate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const trucks = useMirrorQuery(
    () => db.trucks.where("company").equals(company).toArray(),
    [company],
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const truck = truckByPlate(trucks ?? [], plate);
    if (!truck) return setError(t`No truck with this plate`);
    if (!truck.register_date) return setError(t`This truck has not checked in.`);
    if (!isOnSite(truck)) return setError(t`This truck has already left.`);
    const author = currentAuthor();
    if (!author) return;
    setError(undefined);
    await queueCheckOut(truck, author);
    notify("success", t`Departure registered`, truck.plate);
    setPlate("");
  };

  return (
    <form className={styles.row} onSubmit={handleSubmit}>
      <TextField
        label={t`Plate`}
        value={plate}
        onChange={(value) => {
          setPlate(value);
          setError(undefined);
        }}
        autoComplete="off"
        errorMessage={error}
      />
      <Button type="submit" className={styles.big}>
        <Trans>Check out</Trans>
      </Button>
    </form>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { notify, notifyError } from "../../lib/notices";
import { db } from "../../offline/db";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import styles from "./check-in.module.css";
import { refusalErrors } from "./check-in-flow";
import { isOnSite, truckByPlate } from "./check-in-local";
import { checkOutOnlineFirst } from "./commands";

/** Check-out by plate: stamps the departure (online-first like the check-in). */
export function CheckOutForm({ company }: { company: number }) {
  const { t, i18n } = useLingui();
  const [plate, setPlate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
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
    setSending(true);
    try {
      const result = await checkOutOnlineFirst(truck, author);
      if (result.kind === "refused") {
        const found = refusalErrors(result.error, i18n);
        return setError(found.plate ?? found.form);
      }
      notify(
        "success",
        t`Departure registered`,
        result.kind === "queued"
          ? [truck.plate, t`Saved on this device: it is sent when the network is back`]
          : truck.plate,
      );
      setPlate("");
    } catch (failure) {
      notifyError(failure);
    } finally {
      setSending(false);
    }
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
      <Button type="submit" className={styles.big} pending={sending}>
        <Trans>Check out</Trans>
      </Button>
    </form>
  );
}

import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useState } from "react";
import type { CheckInLine } from "../../../shared/contract/check-in";
import { plateFieldError, plateKeyOf, plateOf } from "../../../shared/contract/trucks";
import { normalisePhone } from "../../../shared/phone";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { errorLines, fieldErrorText, fieldMessages } from "../../lib/error-messages";
import { currentLocale } from "../../lib/i18n";
import { notifyError } from "../../lib/notices";
import { db } from "../../offline/db";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { type Validation, validateReference } from "./api";
import { BigChoice } from "./big-choice";
import styles from "./check-in.module.css";
import { truckByPlate } from "./check-in-local";
import { checkInOnlineFirst } from "./commands";
import { DockModal } from "./dock-modal";
import { LineChoices } from "./line-choices";
import { TruckOffers } from "./truck-offers";
import { useLineTrucks } from "./use-line-trucks";

interface Confirmation {
  line: CheckInLine;
  plate: string;
  queued: boolean;
}

export interface CheckInFlowProps {
  company: number;
  zone: string | undefined;
  /** Country of a phone typed without its code (the yard's, shared/phone.ts yardCountry). */
  phoneCountry: string;
}

/** Check-in (spec "Truck check-in"): load or download, reference, validate, truck, dock. */
export function CheckInFlow({ company, zone, phoneCountry }: CheckInFlowProps) {
  const { t, i18n } = useLingui();
  const [type, setType] = useState<1 | 2>(1);
  const [reference, setReference] = useState("");
  const [validation, setValidation] = useState<Validation | null>(null);
  const [validating, setValidating] = useState(false);
  const [line, setLine] = useState<CheckInLine | null>(null);
  const [plate, setPlate] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [sending, setSending] = useState(false);
  const trucks = useMirrorQuery(
    () => db.trucks.where("company").equals(company).toArray(),
    [company],
  );
  const offered = useLineTrucks(line?.id ?? null, plate, trucks);
  // The registered truck of the plate: the mirror's, or one the server offered for the line.
  const known = truckByPlate(trucks ?? [], plate) ?? truckByPlate(offered.trucks, plate);

  const reset = () => {
    setReference("");
    setValidation(null);
    setLine(null);
    setPlate("");
    setName("");
    setPhone("");
    setErrors({});
  };

  const handleValidate = async (event: FormEvent) => {
    event.preventDefault();
    if (reference.trim() === "") return;
    setValidating(true);
    setLine(null);
    try {
      const answer = await validateReference(company, reference, type, zone);
      setValidation(answer);
      const first = answer.results.find((item) => item.truck === null);
      if (answer.results.length === 1 && first) setLine(first);
    } catch (error) {
      notifyError(error);
    } finally {
      setValidating(false);
    }
  };

  const handleCheckIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!line) return;
    performance.mark("check-in-press");
    const found: Record<string, string> = {};
    const plateError = plateFieldError(plate);
    if (plateError) found.plate = fieldErrorText("plate", plateError);
    if (!known && name.trim() === "") found.name = t`Enter the driver's name`;
    const typedPhone = phone.trim() === "" ? null : normalisePhone(phone, phoneCountry);
    if (!known && phone.trim() !== "" && !typedPhone) {
      found.phone = t`Enter the phone with its country code, e.g. +34 612 345 678`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const author = currentAuthor();
    if (!author) return;
    const truck = {
      plate: plateOf(plate),
      name: known?.name ?? name.trim().toUpperCase(),
      phone: known ? known.phone : (typedPhone?.e164 ?? null),
    };
    // Online-first: online the terminal waits for the server (Check in spinning) and shows a
    // refusal on its field; offline or without an answer in time it is saved on this device.
    setSending(true);
    try {
      const result = await checkInOnlineFirst(line, truck, author, currentLocale());
      if (result.kind === "refused") {
        setErrors(refusalErrors(result.error, i18n));
        return;
      }
      setConfirmation({ line, plate: truck.plate, queued: result.kind === "queued" });
      reset();
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  const close = useCallback(() => setConfirmation(null), []);
  const results = validation?.results ?? [];
  return (
    <div className={styles.flow}>
      <BigChoice
        label={t`Check-in type`}
        options={[
          { id: "1", label: <Trans>Load</Trans> },
          { id: "2", label: <Trans>Download</Trans> },
        ]}
        value={type === 1 ? "1" : "2"}
        onChange={(key) => setType(key === "1" ? 1 : 2)}
      />
      <form className={styles.row} onSubmit={handleValidate}>
        <TextField
          label={t`Delivery note`}
          value={reference}
          onChange={(value) => {
            setReference(value);
            setValidation(null);
            setLine(null);
          }}
          autoComplete="off"
        />
        <Button type="submit" className={styles.big} pending={validating}>
          <Trans>Validate</Trans>
        </Button>
      </form>
      {validation?.offline ? (
        <p className={styles.queued}>
          <Trans>Offline: checked against today's lines saved on this terminal.</Trans>
        </p>
      ) : null}
      {validation && results.length === 0 ? (
        <p role="alert" className={styles.warning}>
          {validation.hint === "other_day" ? (
            <Trans>This reference is not booked for today.</Trans>
          ) : validation.hint === "other_type" ? (
            <Trans>This reference is for the other kind of check-in.</Trans>
          ) : (
            <Trans>No line of today has this reference.</Trans>
          )}
        </p>
      ) : null}
      {results.length > 0 ? (
        <LineChoices lines={results} selected={line?.id ?? null} onSelect={setLine} />
      ) : null}
      {line ? (
        <form className={styles.truck} onSubmit={handleCheckIn} aria-label={t`Truck`}>
          <TextField
            label={t`Plate`}
            value={plate}
            onChange={setPlate}
            autoComplete="off"
            errorMessage={errors.plate}
          />
          <TruckOffers
            trucks={offered.trucks}
            plate={plateKeyOf(plate)}
            onPick={(truck) => setPlate(truck.plate)}
          />
          {known ? (
            <p className={styles.known}>
              <Trans>Registered truck: {known.name}</Trans>
            </p>
          ) : (
            <>
              <TextField
                label={t`Driver name`}
                value={name}
                onChange={setName}
                errorMessage={errors.name}
              />
              <TextField
                label={t`Phone`}
                value={phone}
                onChange={setPhone}
                type="tel"
                placeholder="+34 612 345 678"
                errorMessage={errors.phone}
              />
            </>
          )}
          {errors.form ? (
            <p role="alert" className={styles.warning}>
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" className={styles.big} pending={sending}>
            <Trans>Check in</Trans>
          </Button>
        </form>
      ) : null}
      <DockModal
        line={confirmation?.line ?? null}
        plate={confirmation?.plate ?? ""}
        queued={confirmation?.queued ?? false}
        onClose={close}
      />
    </div>
  );
}

/**
 * A refusal on the truck form's fields (plate, driver name, phone: the server names them as
 * `truck.plate` or `plate`), in the user's language; what names no field goes to `form`.
 */
export function refusalErrors(error: unknown, i18n: I18n): Record<string, string> {
  const found: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(fieldMessages(error, i18n))) {
    const own = field.split(".").at(-1) ?? field;
    const key = own === "plate" || own === "name" || own === "phone" ? own : null;
    if (key && messages[0]) found[key] = messages[0];
    else rest.push(...messages);
  }
  if (Object.keys(found).length === 0 && rest.length === 0) rest.push(...errorLines(error, i18n));
  if (rest.length > 0) found.form = rest.join(" ");
  return found;
}

/**
 * Truck sign-up and edit form (/truck/{id?}, spec section 2, title "Trucks sign up").
 *
 * Props (all optional; the route passes `truckId` from its `id` param):
 * - `truckId`: the truck to edit (number or the raw param); missing, empty or 0 signs up a new
 *   one. Editing loads the truck from the mirror first, then from the API.
 * - `isTrw`: hides capacity load (session company). `canAdd` / `canEdit`: may save a new /
 *   an existing truck (addTruck / editTruck from the session).
 * - `onError(error)`: a failed save or load (default: the ERROR notice).
 * - `onSuccess(message)`: the saved notice (default: notices module).
 * - `onDone()`: after save or cancel (default: navigate to /trucks).
 * - `onSaved(truck)`: the truck the server saved (the shipment form picks it).
 * - `embedded`: inside another screen's dialog: no page title.
 *
 * Choosing a plate from the suggestions fills name, capacity load, country and phone and
 * switches to editing that truck: Save then PUTs it (If-Match its version).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { Shipper } from "../../../shared/contract/trucks";
import { fieldErrorText, fieldMessages } from "../../lib/error-messages";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { submitOnlineFirst } from "../../offline/online-first";
import { currentAuthor } from "../../offline/sync-engine";
import { putTruck } from "../../offline/trucks-mirror";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { createTruck, findTruckByPlate, isPlateTaken, replaceTruck, staleTruckOf } from "./api";
import { queueTruckCreation, saveTruckEdit } from "./commands";
import { PhoneField } from "./phone-field";
import { PlateComboBox } from "./plate-combobox";
import {
  digitsOnly,
  EMPTY_FORM,
  formErrorsOf,
  formValuesOf,
  type TruckFormErrors,
  type TruckFormValues,
  toShipperInput,
  upperCase,
} from "./truck-form";
import styles from "./truck-form.module.css";
import { useTruckLoader } from "./use-truck-loader";

export interface TruckFormPageProps {
  truckId?: number | string;
  isTrw?: boolean;
  canAdd?: boolean;
  canEdit?: boolean;
  onError?: (error: unknown) => void;
  onSuccess?: (message: string) => void;
  onDone?: () => void;
  onSaved?: (truck: Shipper) => void;
  embedded?: boolean;
}

/** The truck being edited, as the form was opened on it (its version is the edit's If-Match). */
interface Editing {
  truck: Shipper;
  plate: string;
  capacityLoad: number | null;
}

/**
 * The truck to edit: a server id, or the negative id of a truck signed up on this device and
 * still waiting to be sent (it stays editable: its edit queues behind the sign-up).
 */
export function parseTruckId(raw: number | string | undefined): number | null {
  const id = typeof raw === "number" ? raw : Number(raw);
  return Number.isInteger(id) && id !== 0 ? id : null;
}

export function TruckFormPage(props: TruckFormPageProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const truckId = parseTruckId(props.truckId);
  const isTrw = props.isTrw ?? session.isTrw;
  const canAdd = props.canAdd ?? session.can("addTruck");
  const canEdit = props.canEdit ?? session.can("editTruck");
  const onError = props.onError ?? notifyError;
  const onSuccess = props.onSuccess ?? ((message: string) => notify("success", t`Trucks`, message));
  const onDone = props.onDone ?? (() => void navigate({ to: "/trucks" }));

  const [values, setValues] = useState<TruckFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<TruckFormErrors>({});
  const [saving, setSaving] = useState(false);
  /** The truck that already has the plate the server refused (not_unique). */
  const [taken, setTaken] = useState<Shipper | null>(null);
  /** Client-chosen id of this sign-up: retries and the offline queue reuse it. */
  const creationId = useRef(crypto.randomUUID());
  /** Once the user typed or picked, a late load no longer overwrites the form. */
  const touched = useRef(false);

  const show = useCallback((truck: Shipper) => {
    setValues(formValuesOf(truck));
    setEditing({
      truck,
      plate: truck.plate,
      capacityLoad: truck.capacity_load,
    });
  }, []);

  /** The user changed a truck signed up here whose sign-up was answered: Save edits the server's. */
  const follow = useCallback((truck: Shipper) => {
    setEditing((current) =>
      current && current.truck.id < 0 && current.truck.uid === truck.uid
        ? { ...current, truck }
        : current,
    );
  }, []);

  const { loading, missing } = useTruckLoader(truckId, {
    show,
    follow,
    isTouched: () => touched.current,
    onError,
  });

  const change = (field: keyof TruckFormValues) => (value: string) => {
    touched.current = true;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const saved = async (truck: Shipper) => {
    await putTruck(truck);
    props.onSaved?.(truck);
    onSuccess(t`Truck ${truck.plate} saved`);
    onDone();
  };

  const handlePick = (truck: Shipper) => {
    touched.current = true;
    setErrors({});
    show(truck);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const result = toShipperInput(
      values,
      {
        plateRequired: t`Write the plate`,
        plateInvalid: (refused) => fieldErrorText("plate", refused, i18n),
        nameRequired: t`Write the name`,
        phoneInvalid: t`Not a valid phone number for this country`,
      },
      isTrw ? (editing?.capacityLoad ?? null) : undefined,
    );
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    setTaken(null);
    try {
      const author = currentAuthor();
      const company = session.company;
      if (editing && author) {
        const sent = await saveTruckEdit(editing.truck, result.input, author);
        if (sent.kind === "refused") throw sent.error;
        if (sent.kind === "queued") {
          onSuccess(
            sent.reason === "merge"
              ? t`Saved: merged with the changes someone else made meanwhile`
              : t`Saved on this device: the truck is sent when the network is back`,
          );
          onDone();
          return;
        }
        await saved(sent.answer);
        return;
      }
      if (!editing && author && company) {
        // Online-first: the server's answer (a plate already taken) shows here; with no answer
        // in time the sign-up waits on this device under the same id and Idempotency-Key, so
        // a request that did reach the server is not made twice.
        const sent = await submitOnlineFirst({
          send: (key, signal) => createTruck(result.input, creationId.current, { key, signal }),
          queue: (key) =>
            queueTruckCreation(
              result.input,
              creationId.current,
              company.id,
              author,
              new Date(),
              key,
            ),
        });
        if (sent.kind === "refused") throw sent.error;
        if (sent.kind === "queued") {
          onSuccess(t`Saved on this device: the truck is sent when the network is back`);
          onDone();
          return;
        }
        await saved(sent.answer);
        return;
      }
      await saved(
        editing
          ? await replaceTruck(editing.truck.id, editing.truck.version, result.input)
          : await createTruck(result.input, creationId.current),
      );
    } catch (error) {
      const current = staleTruckOf(error);
      if (current) {
        // Someone saved it meanwhile: show their version, keep nothing of ours silently.
        await putTruck(current);
        show(current);
        notify("warning", t`Warning`, t`The truck was changed meanwhile: check it and save again`);
      } else {
        setErrors(formErrorsOf(fieldMessages(error, i18n)));
        // A taken plate: the truck that has it, one press away.
        if (isPlateTaken(error)) void findTruckByPlate(result.input.plate).then(setTaken);
        else console.error("Saving the truck failed", error);
        onError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const mayEdit = editing ? canEdit : canAdd;
  return (
    <section
      className={props.embedded ? undefined : pageStyles.page}
      aria-labelledby={props.embedded ? undefined : "truck-form-title"}
    >
      {props.embedded ? null : (
        <h1 id="truck-form-title" className={pageStyles.title}>
          <Trans>Trucks sign up</Trans>
        </h1>
      )}
      {editing ? (
        <p className={styles.status}>
          <Trans>
            Editing truck <span className={styles.mono}>{editing.plate}</span>
          </Trans>
        </p>
      ) : null}
      {loading && !editing ? <LoadingIndicator /> : null}
      {missing ? (
        <p role="alert" className={styles.alert}>
          <Trans>This truck does not exist any more.</Trans>
        </p>
      ) : null}
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <PlateComboBox
          value={values.plate}
          onChange={change("plate")}
          onPick={handlePick}
          errors={errors.plate}
        />
        {taken ? (
          <p className={styles.taken}>
            <Button variant="secondary" onPress={() => handlePick(taken)}>
              <Trans>
                Open the truck <span className={styles.mono}>{taken.plate}</span> ({taken.name})
              </Trans>
            </Button>
          </p>
        ) : null}
        <TextField
          label={t`Name`}
          value={values.name}
          onChange={(next) => change("name")(upperCase(next))}
          maxLength={120}
          isRequired
          autoComplete="organization"
          errorMessage={errors.name?.length ? errors.name.join(" ") : undefined}
        />
        {isTrw ? null : (
          <TextField
            label={t`Capacity load`}
            value={values.capacityLoad}
            onChange={(next) => change("capacityLoad")(digitsOnly(next))}
            inputMode="numeric"
            maxLength={7}
            mono
            errorMessage={errors.capacity_load?.length ? errors.capacity_load.join(" ") : undefined}
          />
        )}
        <PhoneField
          country={values.countryCode}
          phone={values.phone}
          onCountryChange={change("countryCode")}
          onPhoneChange={change("phone")}
          errors={errors.phone}
          countryErrors={errors.country_code}
        />
        <FormActions placement="page" saving={saving} saveDisabled={!mayEdit} onCancel={onDone} />
        {mayEdit ? null : (
          <p className={styles.status}>
            <Trans>You may not save this truck.</Trans>
          </p>
        )}
      </form>
    </section>
  );
}

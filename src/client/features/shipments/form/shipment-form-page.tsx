import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { DateTime } from "luxon";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { NotCreated } from "../../../../shared/contract/scheduling";
import type { Shipment } from "../../../../shared/contract/shipments";
import type { ShipmentWriteValues } from "../../../../shared/contract/shipments-write";
import { DEFAULT_STATUS, type ShipmentType } from "../../../../shared/contract/status";
import { fromRrule } from "../../../../shared/recurrence";
import { getConfig } from "../../../lib/config";
import { type BookingRefusal, fieldErrorText } from "../../../lib/error-messages";
import { notify, notifyError } from "../../../lib/notices";
import { useSession } from "../../../lib/session/use-session";
import { currentAuthor } from "../../../offline/sync-engine";
import { Button } from "../../../ui/button";
import { CarrierMark } from "../../../ui/carrier-mark";
import { ConfirmDialog } from "../../../ui/list/confirm-dialog";
import { LoadingIndicator } from "../../../ui/list/loading-indicator";
import { OfflineMarker } from "../../../ui/list/offline-marker";
import pageStyles from "../../../ui/page.module.css";
import { deleteShipmentOnlineFirst } from "../form-commands";
import { HistoryDialog } from "../history-dialog";
import { LineSmsDialog } from "../line-sms-dialog";
import { statusChoices } from "../shipments-page";
import { useLineSms } from "../use-line-sms";
import { formAccess } from "./field-access";
import type { ShipmentFormParts } from "./form-parts";
import { emptyFormState, formStateOf, type ShipmentFormState } from "./form-values";
import { listSearchAfterCreate } from "./list-return";
import { RepeatSection, useRepeat } from "./repeat-section";
import styles from "./shipment-form.module.css";
import { ShipmentFormSections } from "./shipment-form-sections";
import { settleRebook, useRebook } from "./use-rebook";
import { useShipmentLine } from "./use-shipment-line";
import { useShipmentSave } from "./use-shipment-save";

export interface ShipmentFormPageProps {
  type: ShipmentType;
  /** The line to edit (the route's id param); none plans a new line. */
  id?: string | undefined;
  /** The read_only query: nothing can be changed. */
  readOnly?: boolean;
  /** The other features' pieces: truck form, document buttons, packing list, scheduling. */
  parts?: ShipmentFormParts;
  /** A sync issue's id: open with that refused change's values to save it again. */
  rebook?: number | undefined;
}

const NO_PARTS: ShipmentFormParts = {};

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id !== 0 ? id : null;
}

/**
 * Add/edit expedition and reception (spec sections 2, 5, 6, 8): every field of the line in the
 * trw or the other layout, read-only where the user's role may not change it, saved through the
 * outbox so it works offline; save and cancel go back to the list, delete asks first.
 */
export function ShipmentFormPage({
  type,
  id: rawId,
  readOnly = false,
  parts = NO_PARTS,
  rebook: rebookId,
}: ShipmentFormPageProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const session = useSession();
  const id = parseId(rawId);
  const creating = id === null;
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const listPath = isExpedition ? "/expeditions" : "/receptions";
  const access = { roles: session.roles, type, isTrw: session.isTrw };

  const [state, setState] = useState<ShipmentFormState>(() => {
    const empty = emptyFormState(type);
    return { ...empty, values: { ...empty.values, status: DEFAULT_STATUS[type] } };
  });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [notCreated, setNotCreated] = useState<{ failed: NotCreated[]; created: number } | null>(
    null,
  );
  const repeat = useRepeat(type, creating, parts);
  const { setRule: setRepeatRule, setOn: setRepeatOn } = repeat;
  const touched = useRef(false);
  const bookedDay = useRef("");
  const uid = useRef<string>(crypto.randomUUID());
  const [bookingRefusal, setBookingRefusal] = useState<BookingRefusal | null>(null);
  const rebook = useRebook(rebookId);
  const rebookRef = useRef(rebook);
  rebookRef.current = rebook;

  const onLoad = useCallback((row: Shipment) => {
    const again = rebookRef.current;
    if (again && row.id > 0) {
      // An edit refused by the server: this device's values over the line as it is now.
      touched.current = true;
      setState(formStateOf({ ...row, ...again.values } as Shipment));
    } else if (!touched.current) setState(formStateOf(row));
  }, []);
  // Only when the issue is read: later loads of the line keep the user's edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: line.row is read once, here
  useEffect(() => {
    if (!rebook) return;
    setBookingRefusal(rebook.booking);
    if (rebook.uid) {
      // A refused creation: its line as this device made it, created again under its uid.
      uid.current = rebook.uid;
      touched.current = true;
      setState(formStateOf(rebook.values as Shipment));
      // A repeated line refused as a whole: its rule again (one occurrence refused is a line).
      const { rrule_str: rule, booked_date: first } = rebook.values;
      if (rule && first) {
        setRepeatRule(fromRrule(rule, DateTime.fromISO(first)));
        setRepeatOn(true);
      }
    } else if (line.row) onLoad(line.row);
  }, [rebook, onLoad, setRepeatRule, setRepeatOn]);
  const line = useShipmentLine(type, id, onLoad, notifyError);
  const save = useShipmentSave(type, line.row, uid.current);
  const sms = useLineSms();

  const { maySave, editable } = formAccess(access, creating, { readOnly, busy: saving });
  const statuses = useMemo(
    () => statusChoices(type, session.company?.code ?? null, true),
    [type, session.company?.code],
  );

  const change = (next: (current: ShipmentFormState) => ShipmentFormState) => {
    touched.current = true;
    setState(next);
  };
  const setValue = (field: keyof ShipmentWriteValues, value: unknown) => {
    change((current) => ({ ...current, values: { ...current.values, [field]: value } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // A new hour answers the dock's refusal; the hour list dropping the full one does not.
    if (field === "booked_date" && value) setBookingRefusal(null);
  };
  const bookingText = bookingRefusal ? fieldErrorText("booked_date", bookingRefusal) : undefined;
  const shownErrors = bookingText ? { ...errors, booked_date: bookingText } : errors;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    // A modal's form (client, truck) renders in a portal, yet its submit bubbles through React.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (saving || !maySave) return;
    // Spec section 5 (invalid_date_time): a day was chosen but no hour of it.
    if (!state.values.booked_date && bookedDay.current) {
      setErrors((current) => ({ ...current, booked_date: t`Pick an hour` }));
      notify("warning", t`Warning`, t`Invalid date and time: pick an hour of the day`);
      return;
    }
    const rrule = repeat.rruleToSave();
    if (rrule === false) {
      notify("warning", t`Warning`, t`Check the repeat rule`);
      return;
    }
    setSaving(true);
    try {
      const result = await save(state, rrule);
      if (result.kind === "invalid") {
        setErrors(result.errors);
        if (result.mandatory) notify("warning", t`Warning`, t`Fill mandatory fields`);
        return;
      }
      if (result.kind === "refused") {
        // The server said no: the form stays open with why, on the field it concerns.
        setErrors(result.errors);
        if (result.booking) setBookingRefusal({ code: result.booking, at: Date.now() });
        if (Object.keys(result.errors).length === 0) notify("error", t`Not saved`, result.lines);
        return;
      }
      if (result.kind === "series") {
        await settleRebook(rebook);
        if (result.failed.length > 0) {
          setNotCreated({ failed: result.failed, created: result.created });
          return;
        }
        notify(
          "success",
          isExpedition ? t`Expeditions` : t`Receptions`,
          t`${result.created} lines created`,
        );
      }
      if (result.kind === "saved") {
        await settleRebook(rebook);
        notify(
          "success",
          isExpedition ? t`Expeditions` : t`Receptions`,
          result.queued === null
            ? t`Saved`
            : result.queued === "merge"
              ? t`Saved: merged with the changes someone else made meanwhile`
              : t`Saved on this device: it is sent when the network is back`,
        );
      }
      const search =
        creating && result.kind !== "unchanged" ? listSearchAfterCreate(state.values) : {};
      void navigate({ to: listPath, search });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    const row = line.row;
    const author = currentAuthor();
    if (id === null || !row || !author) return;
    setDeleting(true);
    try {
      // Online-first: a refusal is shown here; offline the delete waits in the outbox.
      const result = await deleteShipmentOnlineFirst(row, author);
      if (result.kind === "refused") {
        notifyError(result.error);
        return;
      }
      notify(
        result.kind === "sent" ? "success" : "info",
        isExpedition ? t`Expeditions` : t`Receptions`,
        result.kind === "sent"
          ? t`Deleted`
          : t`Saved on this device: it is sent when the network is back`,
      );
      void navigate({ to: listPath });
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(false);
      setConfirmDelete(false);
    }
  };

  const title = creating
    ? isExpedition
      ? t`New expedition`
      : t`New reception`
    : isExpedition
      ? t`Expedition`
      : t`Reception`;
  const code = line.row?.code ?? "";
  const { DocumentButtons, PackingSection, NotCreatedDialog, RecurrenceForm } = parts;
  const mayDelete =
    !creating && !readOnly && session.can(isExpedition ? "deleteExp" : "deleteRecep");
  // SMS to the line's truck (spec 02 section 1), as from the list: SMS on, edit right, a phone.
  const smsLine = line.row?.shipper?.phone && getConfig().smsEnabled && maySave ? line.row : null;
  return (
    <section className={pageStyles.page} aria-labelledby="shipment-form-title">
      <div className={styles.header}>
        <h1 id="shipment-form-title" className={pageStyles.title}>
          {title} {code ? <span style={{ fontFamily: "var(--font-mono)" }}>{code}</span> : null}{" "}
          <CarrierMark state={line.row?.carrier_booking} />
        </h1>
        {!creating && id !== null && id > 0 ? (
          <div className={styles.headerActions}>
            {session.can("seeHistory") ? (
              <Button variant="secondary" onPress={() => setHistoryOpen(true)}>
                <Trans>History</Trans>
              </Button>
            ) : null}
            {smsLine ? (
              <Button
                variant="secondary"
                isDisabled={sms.isLocked(smsLine)}
                onPress={() => sms.open(smsLine)}
              >
                <Trans>Send SMS</Trans>
              </Button>
            ) : null}
            {DocumentButtons ? (
              <DocumentButtons
                type={type}
                shipmentId={id}
                code={code}
                canEdit={maySave}
                isForkLift={session.hasRestriction("isForkLift")}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {line.loading && !line.row ? <LoadingIndicator /> : null}
      {line.offline ? <OfflineMarker updatedAt={null} /> : null}
      {line.missing ? (
        <p role="alert" className={styles.notice}>
          <Trans>This line does not exist any more, or you may not see it.</Trans>
        </p>
      ) : null}
      {!creating && !maySave && !readOnly ? (
        <p className={styles.notice}>
          <Trans>You may look at this line but not change it.</Trans>
        </p>
      ) : null}
      {line.missing || (!creating && !line.row) ? null : (
        <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
          <ShipmentFormSections
            type={type}
            isTrw={session.isTrw}
            creating={creating}
            state={state}
            setValue={setValue}
            setClient={(client) => {
              change((current) => ({ ...current, client }));
              setErrors((current) => ({ ...current, client: undefined }));
            }}
            setShipper={(shipper) => change((current) => ({ ...current, shipper }))}
            editable={editable}
            errors={shownErrors}
            statuses={statuses}
            parts={parts}
            bookAnyHour={repeat.on || session.can("lockdowns")}
            onBookedDay={(day) => {
              bookedDay.current = day;
            }}
            bookingRefusal={bookingRefusal}
          />
          {repeat.allowed && RecurrenceForm ? (
            <RepeatSection
              repeat={repeat}
              first={state.values.booked_date}
              RecurrenceForm={RecurrenceForm}
            />
          ) : null}
          <div className={styles.actions}>
            {mayDelete ? (
              <Button variant="danger" onPress={() => setConfirmDelete(true)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
            <span className={styles.spacer} />
            <Button variant="secondary" onPress={() => void navigate({ to: listPath })}>
              {maySave ? <Trans>Cancel</Trans> : <Trans>Back</Trans>}
            </Button>
            {maySave ? (
              <Button type="submit" pending={saving}>
                <Trans>Save</Trans>
              </Button>
            ) : null}
          </div>
        </form>
      )}
      {id !== null && id > 0 && line.row && getConfig().packingListEnabled && PackingSection ? (
        <PackingSection shipmentId={id} canEdit={maySave} />
      ) : null}
      {NotCreatedDialog ? (
        <NotCreatedDialog
          type={type}
          failed={notCreated?.failed ?? []}
          createdCount={notCreated?.created ?? 0}
          onClose={() => {
            setNotCreated(null);
            void navigate({ to: listPath, search: listSearchAfterCreate(state.values) });
          }}
        />
      ) : null}
      <LineSmsDialog sms={sms} path={isExpedition ? "expedition" : "reception"} />
      <ConfirmDialog
        isOpen={confirmDelete}
        message={t`Are you sure you want to DELETE the line?`}
        detail={code}
        isBusy={deleting}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
      {id !== null && id > 0 ? (
        <HistoryDialog
          isOpen={historyOpen}
          onClose={() => setHistoryOpen(false)}
          shipmentId={id}
          code={code}
          companyCode={session.company?.code ?? null}
        />
      ) : null}
    </section>
  );
}

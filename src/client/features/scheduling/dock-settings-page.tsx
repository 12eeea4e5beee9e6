import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useMemo, useState } from "react";
import { type DockSchedule, SLOT_HOURS } from "../../../shared/contract/scheduling";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../lib/error-messages";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/fields/checkbox";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { EmptyState } from "../../ui/list/empty-state";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { getDockSchedule, saveDockSchedule } from "./api";
import { CarrierBookingPanel } from "./carrier-booking-panel";
import { RestrictedDatesPanel } from "./restricted-dates-panel";
import styles from "./scheduling.module.css";

const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function zones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * /dock-settings (beyond the spec, issue 12): the company's dock hours and capacity per hour
 * slot, changed by an admin (others read them), the carrier booking page's rules (issue 29)
 * and, in trw companies, its restricted dates.
 */
export function DockSettingsPage() {
  const { t } = useLingui();
  const id = useId();
  const session = useSession();
  const isAdmin = session.roles.includes("admin");
  const [draft, setSchedule] = useState<DockSchedule | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const companyId = session.company?.id;

  // The company's schedule, edited here: nothing shows until its own answer (another company).
  const loaded = useRemoteData(
    companyId === undefined ? null : String(companyId),
    () => getDockSchedule(),
    { onData: setSchedule, onError: notifyError },
  );
  const schedule = loaded.data === undefined ? null : draft;
  const failed = loaded.error !== null;

  const zoneChoices = useMemo(() => zones(schedule?.time_zone ?? "UTC"), [schedule?.time_zone]);
  const set = (change: Partial<DockSchedule>) =>
    setSchedule((current) => (current ? { ...current, ...change } : current));
  const limit = (text: string) => (text.trim() === "" ? null : Number(text));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!schedule || !isAdmin) return;
    setSaving(true);
    setErrors({});
    try {
      setSchedule(await saveDockSchedule(schedule));
      notify("success", t`Dock hours`, t`Saved`);
    } catch (error) {
      setErrors(
        Object.fromEntries(
          Object.entries(fieldMessages(error)).map(([field, lines]) => [field, lines.join(" ")]),
        ),
      );
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const readOnly = !isAdmin;
  return (
    <section className={pageStyles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageStyles.title}>
        <Trans>Dock hours</Trans>
      </h1>
      {failed ? <EmptyState message={<Trans>The dock hours could not be loaded.</Trans>} /> : null}
      {!schedule && !failed ? <LoadingIndicator /> : null}
      {schedule ? (
        <form className={styles.settings} onSubmit={(event) => void save(event)} noValidate>
          {readOnly ? (
            <p className={styles.hint}>
              <Trans>Only an administrator changes the dock hours.</Trans>
            </p>
          ) : null}
          <SelectField
            id={`${id}-zone`}
            label={<Trans>Time zone of the yard</Trans>}
            selectClassName={styles.select}
            value={schedule.time_zone}
            isDisabled={readOnly}
            onChange={(time_zone) => set({ time_zone })}
            options={zoneChoices.map((zone) => ({ value: zone, label: zone }))}
            errorMessage={errors.time_zone}
          />
          <div className={styles.row}>
            <HourSelect
              id={`${id}-opens`}
              label={t`Opens at`}
              value={schedule.opens_at}
              disabled={readOnly}
              onChange={(opens_at) => set({ opens_at })}
              error={errors.opens_at}
            />
            <HourSelect
              id={`${id}-closes`}
              label={t`Last slot starts at`}
              value={schedule.closes_at}
              disabled={readOnly}
              onChange={(closes_at) => set({ closes_at })}
              error={errors.closes_at}
            />
          </div>
          <div className={styles.row}>
            <LimitInput
              id={`${id}-unload`}
              label={t`Receptions per hour`}
              value={schedule.unload_per_hour}
              disabled={readOnly}
              onChange={(text) => set({ unload_per_hour: limit(text) })}
              error={errors.unload_per_hour}
            />
            <LimitInput
              id={`${id}-load`}
              label={t`Expeditions per hour`}
              value={schedule.load_per_hour}
              disabled={readOnly}
              onChange={(text) => set({ load_per_hour: limit(text) })}
              error={errors.load_per_hour}
            />
          </div>
          <Checkbox
            isSelected={schedule.limit_expeditions}
            isDisabled={readOnly}
            onChange={(limit_expeditions) => set({ limit_expeditions })}
          >
            <Trans>Limit expeditions per hour</Trans>
          </Checkbox>
          <p className={styles.hint}>
            <Trans>
              Leave a limit empty for no limit. Opening hours and restricted dates apply to
              receptions; expeditions keep to their limit only when it is switched on. Users with
              the lockdowns permission may book any hour from 06:00 to 21:00, even a full one.
            </Trans>
          </p>
          {isAdmin ? (
            <div className={styles.dialogActions}>
              <Button type="submit" pending={saving}>
                <Trans>Save</Trans>
              </Button>
            </div>
          ) : null}
        </form>
      ) : null}
      {companyId !== undefined ? (
        <>
          <h2 className={styles.subtitle}>
            <Trans>Carrier bookings</Trans>
          </h2>
          <CarrierBookingPanel key={companyId} companyId={companyId} isAdmin={isAdmin} />
        </>
      ) : null}
      {/* Restricted dates are trw companies' and managed by lockdowns holders (issue 25). */}
      {session.isTrw ? (
        <>
          <h2 className={styles.subtitle}>
            <Trans>Restricted dates</Trans>
          </h2>
          <RestrictedDatesPanel canEdit={session.can("lockdowns")} />
        </>
      ) : null}
    </section>
  );
}

function HourSelect(props: {
  id: string;
  label: string;
  value: number;
  disabled: boolean;
  onChange: (hour: number) => void;
  error?: string | undefined;
}) {
  return (
    <SelectField
      id={props.id}
      label={props.label}
      selectClassName={styles.select}
      value={String(props.value)}
      isDisabled={props.disabled}
      onChange={(hour) => props.onChange(Number(hour))}
      options={SLOT_HOURS.map((hour) => ({ value: String(hour), label: hourText(hour) }))}
      errorMessage={props.error}
    />
  );
}

function LimitInput(props: {
  id: string;
  label: string;
  value: number | null;
  disabled: boolean;
  onChange: (text: string) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <TextField
      id={props.id}
      label={props.label}
      type="number"
      inputMode="numeric"
      min={0}
      max={1000}
      placeholder={t`No limit`}
      value={props.value === null ? "" : String(props.value)}
      isReadOnly={props.disabled}
      onChange={props.onChange}
      errorMessage={props.error}
    />
  );
}

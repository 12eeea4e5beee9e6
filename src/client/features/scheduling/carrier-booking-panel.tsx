import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type CarrierBookingSettings,
  CarrierBookingSettingsAnswer,
} from "../../../shared/contract/carrier-booking";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../lib/error-messages";
import { http } from "../../lib/http";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/fields/checkbox";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import styles from "./scheduling.module.css";

const SETTINGS = "api/carrier-booking/settings";
const PAGE = "api/carrier-booking/page";
type Answer = CarrierBookingSettingsAnswer;
const parse = (body: unknown) => CarrierBookingSettingsAnswer.parse(body);

/** The address carriers open (the QR code on the poster or in a mail). */
export function carrierBookingUrl(token: string): string {
  return new URL(`/carrier-booking/${token}`, window.location.origin).toString();
}

/**
 * The carrier booking page's rules on the dock settings screen (issue 29): which operations
 * carriers book, lead time, horizon, the move/cancel cut-off and what a reference must do;
 * the page's address with its QR code, renewed when it leaked. Admins change them.
 */
export function CarrierBookingPanel({
  companyId,
  isAdmin,
}: {
  companyId: number;
  isAdmin: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState<Answer | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = useRemoteData(
    `carrier-booking-settings.${companyId}`,
    async (signal) => parse(await http.get<unknown>(SETTINGS, { signal })),
    { onData: setDraft, onError: notifyError },
  );
  const qr = useRemoteData(draft?.token ?? null, async () => {
    const QRCode = await import("qrcode");
    return QRCode.toDataURL(carrierBookingUrl(draft?.token ?? ""), { width: 240, margin: 1 });
  });
  if (!draft) return loaded.error ? null : <LoadingIndicator />;

  const set = (change: Partial<CarrierBookingSettings>) => setDraft({ ...draft, ...change });
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const { token: _, ...settings } = draft;
      setDraft(parse(await http.put<unknown>(SETTINGS, settings)));
      notify("success", t`Carrier bookings`, t`Saved`);
    } catch (error) {
      const fields = fieldMessages(error);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(" ")])));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const renew = async (remove: boolean) => {
    try {
      setDraft(parse(remove ? await http.delete<unknown>(PAGE) : await http.post<unknown>(PAGE)));
    } catch (error) {
      notifyError(error);
    }
  };
  const readOnly = !isAdmin;
  const numberField = (key: "lead_minutes" | "horizon_days" | "cutoff_hours", label: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      value={Number.isNaN(draft[key]) ? "" : String(draft[key])}
      isReadOnly={readOnly}
      onChange={(text) => set({ [key]: number(text) })}
      errorMessage={errors[key]}
    />
  );

  return (
    <form className={styles.settings} onSubmit={(event) => void save(event)} noValidate>
      <div className={styles.row}>
        <Checkbox
          isSelected={draft.unload}
          isDisabled={readOnly}
          onChange={(unload) => set({ unload })}
        >
          <Trans>Carriers book unloading (receptions)</Trans>
        </Checkbox>
        <Checkbox isSelected={draft.load} isDisabled={readOnly} onChange={(load) => set({ load })}>
          <Trans>Carriers book loading (expeditions)</Trans>
        </Checkbox>
      </div>
      <div className={styles.row}>
        {numberField("lead_minutes", t`Not within (minutes from now)`)}
        {numberField("horizon_days", t`Not beyond (days ahead)`)}
        {numberField("cutoff_hours", t`Move or cancel until (hours before)`)}
      </div>
      <SelectField
        id={`${id}-mode`}
        label={<Trans>The carrier's reference</Trans>}
        selectClassName={styles.select}
        value={draft.reference_mode}
        isDisabled={readOnly}
        onChange={(mode) => set({ reference_mode: mode === "create" ? "create" : "match" })}
        options={[
          { value: "match", label: t`Must match a planned line (the booking sets its hour)` },
          { value: "create", label: t`May create a reception to confirm` },
        ]}
        errorMessage={errors.reference_mode}
      />
      {isAdmin ? (
        <div className={styles.dialogActions}>
          <Button type="submit" pending={saving}>
            <Trans>Save</Trans>
          </Button>
        </div>
      ) : null}
      {draft.token ? (
        <div className={styles.bookingPage}>
          {qr.data ? (
            <img
              src={qr.data}
              alt={t`QR code of the carrier booking page`}
              width={240}
              height={240}
            />
          ) : null}
          <a href={carrierBookingUrl(draft.token)} target="_blank" rel="noreferrer">
            {carrierBookingUrl(draft.token)}
          </a>
        </div>
      ) : (
        <p className={styles.hint}>
          <Trans>The company has no carrier booking page yet.</Trans>
        </p>
      )}
      {isAdmin ? (
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => void renew(false)}>
            {draft.token ? (
              <Trans>New address (the old one stops working)</Trans>
            ) : (
              <Trans>Create the booking page</Trans>
            )}
          </Button>
          {draft.token ? (
            <Button variant="ghost" onPress={() => void renew(true)}>
              <Trans>Take the page down</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

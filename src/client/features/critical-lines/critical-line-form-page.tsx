/**
 * Add/edit critical line (/critical-line/{id?}, spec 02 section 2). Init and end dates are
 * mandatory (fill_mandatory warning before anything is sent). Save returns to /critical-lines;
 * cancel goes to /criticalLines, the spec's return target, which leads to the list.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useRef, useState } from "react";
import {
  CRITICAL_LINE_TEXT_MAX,
  type CriticalLine,
  OBSERVATIONS_MAX,
} from "../../../shared/contract/critical-lines";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../lib/error-messages";
import { ApiError, NetworkError } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { getMirroredCriticalLine, putCriticalLine } from "../../offline/critical-lines-mirror";
import { submitOnlineFirst } from "../../offline/online-first";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/fields/date-field";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { createCriticalLine, getCriticalLine, replaceCriticalLine } from "./api";
import { queueCriticalLineCreation, queueCriticalLineEdit } from "./commands";
import { CRITICAL_LINE_LABELS } from "./critical-line-cells";
import {
  type CriticalLineFormValues,
  EMPTY_CRITICAL_LINE,
  formValuesOf,
  toCriticalLineInput,
} from "./critical-line-form";
import styles from "./critical-line-form.module.css";
import { CriticalLineHistoryDialog } from "./history-dialog";

export function parseCriticalLineId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

type TextKey = Exclude<keyof CriticalLineFormValues, "init_date" | "end_date" | "observations">;

export function CriticalLineFormPage({ lineId: rawId }: { lineId?: string }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const lineId = parseCriticalLineId(rawId);
  const [values, setValues] = useState<CriticalLineFormValues>(EMPTY_CRITICAL_LINE);
  const [editing, setEditing] = useState<CriticalLine | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const creationId = useRef(crypto.randomUUID());
  const touched = useRef(false);
  const mayEdit = editing ? session.can("editCL") : session.can("addCL");

  // The mirrored copy at once (the form opens offline), then the API's, mirrored too.
  const line = useRemoteData(
    lineId === null ? null : String(lineId),
    async () => {
      const fresh = await getCriticalLine(lineId ?? 0);
      await putCriticalLine(fresh);
      return fresh;
    },
    {
      cached: () => (lineId === null ? null : getMirroredCriticalLine(lineId)),
      // The mirrored copy, then the server's: once the user has typed, a later copy never
      // overwrites what they typed (nor the version their edit is based on; a newer server
      // version meets the 412 merge on save).
      onData: (loaded) => {
        if (touched.current) return;
        setEditing(loaded);
        setValues(formValuesOf(loaded));
      },
      onError: (error, shown) => {
        if (!shown) notifyError(error);
      },
    },
  );
  const loading = line.isLoading;

  // The form calls each field as the list's column does.
  const label = (field: keyof CriticalLineFormValues) => i18n._(CRITICAL_LINE_LABELS[field]);
  const set = (field: keyof CriticalLineFormValues) => (value: string) => {
    touched.current = true;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const result = toCriticalLineInput(values);
    if ("missing" in result) {
      if (result.reversed) {
        setErrors({ end_date: [t`The end date must not be before the start date`] });
      } else {
        setErrors(Object.fromEntries(result.missing.map((field) => [field, [t`Required`]])));
        notify("warning", t`Warning`, t`Fill mandatory fields`);
      }
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const author = currentAuthor();
      const queueable = author !== null && (editing === null || editing.id > 0);
      // Online-first (offline/online-first.ts): the server's refusal shows here; offline or
      // with no answer in time the save waits on this device, under the same uid or If-Match
      // and the same Idempotency-Key, so a request that did arrive is not applied twice.
      const sent = await submitOnlineFirst({
        send: (key, signal) =>
          editing
            ? replaceCriticalLine(editing.id, editing.version, result.input, { key, signal })
            : createCriticalLine(result.input, creationId.current, { key, signal }),
        queue: async (key) => {
          if (!queueable || !author) throw new NetworkError();
          if (editing) await queueCriticalLineEdit(editing, result.input, author, key);
          else await queueCriticalLineCreation(creationId.current, result.input, author, key);
        },
      });
      if (sent.kind === "refused") throw sent.error;
      if (sent.kind === "queued") {
        notify(
          "success",
          t`Critical lines`,
          t`Saved on this device: the line is sent when the network is back`,
        );
      } else {
        await putCriticalLine(sent.answer);
        notify("success", t`Critical lines`, t`Critical line ${sent.answer.line} saved`);
      }
      void navigate({ to: "/critical-lines" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        const current = await getCriticalLine(editing?.id ?? 0).catch(() => null);
        if (current) {
          await putCriticalLine(current);
          setEditing(current);
          setValues(formValuesOf(current));
        }
        notify("warning", t`Warning`, t`The line was changed meanwhile: check it and save again`);
      } else {
        setErrors(fieldMessages(error, i18n));
        console.error("Saving the critical line failed", error);
        notifyError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  const textField = (field: TextKey) => (
    <TextField
      key={field}
      label={label(field)}
      value={values[field]}
      onChange={set(field)}
      maxLength={CRITICAL_LINE_TEXT_MAX}
      isReadOnly={!mayEdit}
      errorMessage={errors[field]?.length ? errors[field].join(" ") : undefined}
    />
  );
  const dateField = (field: "init_date" | "end_date") => (
    <DateField
      type="datetime-local"
      label={`${label(field)} *`}
      value={values[field]}
      onChange={set(field)}
      isRequired
      isReadOnly={!mayEdit}
      errorMessage={errors[field]?.length ? errors[field].join(" ") : undefined}
    />
  );

  return (
    <section className={pageStyles.page} aria-labelledby="critical-line-title">
      <h1 id="critical-line-title" className={pageStyles.title}>
        {editing ? <Trans>Edit critical line</Trans> : <Trans>Add critical line</Trans>}
      </h1>
      {loading && !editing ? <LoadingIndicator /> : null}
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className={styles.row}>
          {dateField("init_date")}
          {dateField("end_date")}
        </div>
        <div className={styles.grid}>
          {(
            [
              "line",
              "cause",
              "activity",
              "product",
              "contact",
              "destination",
              "provider",
              "client_name",
            ] as const
          ).map(textField)}
        </div>
        <TextField
          label={label("observations")}
          value={values.observations}
          onChange={set("observations")}
          maxLength={OBSERVATIONS_MAX}
          isReadOnly={!mayEdit}
          multiline
        />
        <FormActions
          placement="page"
          saving={saving}
          saveDisabled={!mayEdit}
          onCancel={() => void navigate({ to: "/criticalLines" })}
        >
          {editing && session.can("seeHistory") ? (
            <Button type="button" variant="ghost" onPress={() => setShowHistory(true)}>
              <Trans>History</Trans>
            </Button>
          ) : null}
        </FormActions>
      </form>
      {showHistory && editing ? (
        <CriticalLineHistoryDialog
          lineId={editing.id}
          label={editing.line}
          onClose={() => setShowHistory(false)}
        />
      ) : null}
    </section>
  );
}

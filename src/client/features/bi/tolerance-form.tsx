import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { MAX_TOLERANCE_MINUTES } from "../../../shared/contract/bi";
import { fieldMessages } from "../../lib/error-messages";
import { notify, notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { saveMetricSettings } from "./api";
import styles from "./bi.module.css";

export type ToleranceCheck =
  | { ok: true; minutes: number }
  | { ok: false; problem: "empty" | "not_whole" | "out_of_range" };

/** Reads the typed tolerance: whole minutes from 0 to MAX_TOLERANCE_MINUTES. */
export function checkTolerance(text: string): ToleranceCheck {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: "empty" };
  if (!/^\d+$/.test(trimmed)) return { ok: false, problem: "not_whole" };
  const minutes = Number(trimmed);
  if (minutes > MAX_TOLERANCE_MINUTES) return { ok: false, problem: "out_of_range" };
  return { ok: true, minutes };
}

/**
 * The company's on-time tolerance beside the carrier scorecard (issue 16): for those who may
 * change company settings (admins; the server checks it again). A save reloads the scorecard.
 */
export function ToleranceForm({
  current,
  onSaved,
}: {
  current: number;
  onSaved: (minutes: number) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // The scorecard's tolerance is the saved one: show it whenever it changes.
  useEffect(() => setText(String(current)), [current]);

  const problems = {
    empty: t`Enter the tolerance in minutes.`,
    not_whole: t`Enter whole minutes, for example 15.`,
    out_of_range: t`Enter a number of minutes from 0 to ${MAX_TOLERANCE_MINUTES}.`,
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkTolerance(text);
    if (!checked.ok) {
      setError(problems[checked.problem]);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      const saved = await saveMetricSettings({ on_time_tolerance_minutes: checked.minutes });
      notify("success", t`On-time tolerance`, t`Saved`);
      onSaved(saved.on_time_tolerance_minutes);
    } catch (failure) {
      const messages = fieldMessages(failure).on_time_tolerance_minutes;
      if (messages) setError(messages.join(" "));
      notifyError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.tolerance} aria-label={t`On-time tolerance`} onSubmit={handleSubmit}>
      <TextField
        label={t`On-time tolerance (minutes after the booked time)`}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        inputMode="numeric"
        errorMessage={error}
      />
      <Button type="submit" isDisabled={saving}>
        <Trans>Save tolerance</Trans>
      </Button>
    </form>
  );
}

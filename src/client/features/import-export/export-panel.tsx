import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { useState } from "react";
import type { ImportType } from "../../../shared/contract/import-export";
import { currentLocale } from "../../lib/i18n";
import { notifyError } from "../../lib/notices";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/fields/date-field";
import { exportLines } from "./api";
import styles from "./import-export.module.css";

/** Export: the lines booked in some days (this month by default) as an .xlsx to import back. */
export function ExportPanel({ type }: { type: ImportType }) {
  const { t } = useLingui();
  const [from, setFrom] = useState(() => DateTime.now().startOf("month").toISODate() ?? "");
  const [to, setTo] = useState(() => DateTime.now().endOf("month").toISODate() ?? "");
  const [saving, setSaving] = useState(false);
  const wrongOrder = from !== "" && to !== "" && from > to;

  const save = async () => {
    setSaving(true);
    try {
      await exportLines(type, from, to, currentLocale());
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.dates}>
        <DateField label={t`Booked from`} value={from} onChange={setFrom} isRequired />
        <DateField
          label={t`Booked until`}
          value={to}
          onChange={setTo}
          isRequired
          errorMessage={wrongOrder ? t`The end is before the start` : undefined}
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant="primary"
          onPress={() => void save()}
          isDisabled={from === "" || to === "" || wrongOrder || saving}
        >
          {saving ? <Trans>Exporting…</Trans> : <Trans>Export to Excel</Trans>}
        </Button>
      </div>
    </div>
  );
}

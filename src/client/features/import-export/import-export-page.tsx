import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ImportType } from "../../../shared/contract/import-export";
import { canCreateShipment } from "../../../shared/shipment-fields";
import { useSession } from "../../lib/session/use-session";
import { SelectField } from "../../ui/fields/select-field";
import pageStyles from "../../ui/page.module.css";
import { ExportPanel } from "./export-panel";
import styles from "./import-export.module.css";
import { ImportPanel } from "./import-panel";

/**
 * /import-export (issue 28; the home menu's import and export tiles, non-trw companies): the
 * office imports expeditions or receptions from a spreadsheet and exports them in the same
 * columns.
 */
export function ImportExportPage() {
  const { t } = useLingui();
  const id = useId();
  const session = useSession();
  const [type, setType] = useState<ImportType>("reception");
  const mayImport = canCreateShipment({
    roles: session.roles,
    type: SHIPMENT_TYPE[type],
    isTrw: session.company?.is_trw ?? false,
  });
  return (
    <section className={pageStyles.page} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={pageStyles.title}>
        <Trans>Import and export</Trans>
      </h1>
      <SelectField
        label={t`Lines`}
        value={type}
        onChange={(value) => setType(value === "expedition" ? "expedition" : "reception")}
        options={[
          { value: "reception", label: t`Receptions` },
          { value: "expedition", label: t`Expeditions` },
        ]}
      />
      <div className={styles.columns}>
        <section aria-labelledby={`${id}-import`} className={styles.card}>
          <h2 id={`${id}-import`} className={styles.cardTitle}>
            <Trans>Import</Trans>
          </h2>
          {mayImport ? (
            <ImportPanel key={type} type={type} />
          ) : (
            <p className={styles.muted}>
              <Trans>You may not add these lines, so you cannot import them.</Trans>
            </p>
          )}
        </section>
        <section aria-labelledby={`${id}-export`} className={styles.card}>
          <h2 id={`${id}-export`} className={styles.cardTitle}>
            <Trans>Export</Trans>
          </h2>
          <ExportPanel type={type} />
        </section>
      </div>
    </section>
  );
}

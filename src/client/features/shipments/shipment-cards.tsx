import { useLingui } from "@lingui/react/macro";
import type { CSSProperties, ReactNode } from "react";
import type { Shipment } from "../../../shared/contract/shipments";
import { COLUMN_LABELS, type ColumnId, cardLayout } from "./columns";
import styles from "./shipment-cards.module.css";
import { type ShipmentCellOptions, useShipmentCells, WaitingToSync } from "./shipment-cells";

export interface ShipmentCardsProps extends Omit<ShipmentCellOptions, "variant"> {
  rows: readonly Shipment[];
  /** Ordered column ids (layoutFor): the card shows each of them. */
  columns: readonly ColumnId[];
  /** Row ids with changes waiting for the server. */
  saving?: ReadonlySet<number>;
}

/** An empty value as a dash, so a card never shows a bare label (0 packages stays 0). */
const orDash = (value: ReactNode): ReactNode =>
  value === "" || value === null || value === undefined ? "—" : value;

/**
 * Lines as cards for tablets, phones and fork-lift drivers: the delivery note heads each card
 * and stays beside its status and reason controls (large, 44 px and more), so nobody changes a
 * line without seeing which one it is; nothing scrolls sideways. A list item named by its
 * delivery note.
 */
export function ShipmentCards({ rows, columns, saving, ...cells }: ShipmentCardsProps) {
  const { t, i18n } = useLingui();
  const cell = useShipmentCells({ ...cells, variant: "card" });
  const layout = cardLayout(columns);
  const label = (id: ColumnId) => i18n._(COLUMN_LABELS[id]);

  return (
    <ul className={styles.cards} aria-label={t`Shipment lines`}>
      {rows.map((row) => {
        const waiting = saving?.has(row.id) ?? false;
        const titleId = `line-${row.id}`;
        return (
          <li
            key={row.id}
            className={styles.card}
            aria-labelledby={titleId}
            aria-busy={waiting || undefined}
            data-timing={row.timing}
            style={{ "--status-color": row.status.color } as CSSProperties}
          >
            <div className={styles.head}>
              {layout.hasUrgent ? cell("urgent", row) : null}
              <h2 id={titleId} className={styles.code}>
                {row.code}
              </h2>
              {waiting ? <WaitingToSync /> : null}
              {layout.hasActions ? (
                <span className={styles.actions}>{cell("actions", row)}</span>
              ) : null}
            </div>
            <dl className={styles.facts}>
              {layout.facts.map((id) => (
                <div key={id} className={styles.fact} data-column={id}>
                  <dt>{label(id)}</dt>
                  <dd>{orDash(cell(id, row))}</dd>
                </div>
              ))}
            </dl>
            <div className={styles.controls}>
              {layout.controls.map((id) => (
                <div key={id} className={styles.control} data-column={id}>
                  <span className={styles.controlLabel} aria-hidden="true">
                    {label(id)}
                  </span>
                  {orDash(cell(id, row))}
                </div>
              ))}
            </div>
            {layout.details.length > 0 ? (
              <dl className={styles.details}>
                {layout.details.map((id) => (
                  <div key={id} className={styles.detail} data-column={id}>
                    <dt>{label(id)}</dt>
                    <dd>{orDash(cell(id, row))}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

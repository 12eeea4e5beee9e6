import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Button } from "react-aria-components";
import type { CriticalLine } from "../../../shared/contract/critical-line";
import { Icon } from "../../ui/icons";
import listStyles from "../../ui/list/list-table.module.css";
import styles from "./critical-lines.module.css";
import { formatDateTime } from "./format";
import { ObservationCell } from "./observation-cell";

export interface CriticalLineCardsProps {
  rows: readonly CriticalLine[];
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (line: CriticalLine) => void;
}

/** Tablets and phones: one card per line (line, dates and actions on top, the rest below). */
export function CriticalLineCards({ rows, canEdit, canDelete, onDelete }: CriticalLineCardsProps) {
  const { t } = useLingui();
  return (
    <ul className={styles.cards} aria-label={t`Critical lines`}>
      {rows.map((line) => (
        <li key={line.id} className={styles.card}>
          <div className={styles.cardHead}>
            <span className={styles.lineId}>{line.line}</span>
            <span className={styles.dates}>
              {formatDateTime(line.init_date)} – {formatDateTime(line.end_date)}
            </span>
            <span className={styles.cardActions}>
              {canEdit ? (
                <Link
                  to="/critical-line/{-$id}"
                  params={{ id: String(line.id) }}
                  className={listStyles.iconButton}
                  aria-label={t`Edit critical line ${line.line}`}
                >
                  <Icon name="edit" size={22} />
                </Link>
              ) : null}
              {canDelete ? (
                <Button
                  className={`${listStyles.iconButton} ${listStyles.danger}`}
                  aria-label={t`Delete critical line ${line.line}`}
                  onPress={() => onDelete(line)}
                >
                  <Icon name="trash" size={22} />
                </Button>
              ) : null}
            </span>
          </div>
          <dl className={styles.facts}>
            <dt>
              <Trans>Cause</Trans>
            </dt>
            <dd>{line.cause}</dd>
            <dt>
              <Trans>Activity</Trans>
            </dt>
            <dd>{line.activity}</dd>
            <dt>
              <Trans>Product</Trans>
            </dt>
            <dd>{line.product}</dd>
            <dt>
              <Trans>Destination</Trans>
            </dt>
            <dd>{line.destination}</dd>
            <dt>
              <Trans>Contact</Trans>
            </dt>
            <dd>{line.contact}</dd>
            <dt>
              <Trans>Provider</Trans>
            </dt>
            <dd>{line.provider}</dd>
            <dt>
              <Trans>Client</Trans>
            </dt>
            <dd>{line.client_name}</dd>
            <dt>
              <Trans>Observations</Trans>
            </dt>
            <dd>
              <ObservationCell text={line.observations} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

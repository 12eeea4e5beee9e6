import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import type { CheckInLine } from "../../../shared/contract/check-in";
import styles from "./check-in.module.css";

export interface LineChoicesProps {
  lines: readonly CheckInLine[];
  selected: number | null;
  onSelect: (line: CheckInLine) => void;
}

/** The day's lines of the reference as large cards: time, client, warehouse, dock. */
export function LineChoices({ lines, selected, onSelect }: LineChoicesProps) {
  const { t } = useLingui();
  return (
    <ul className={styles.lines} aria-label={t`Lines of the reference`}>
      {lines.map((line) => {
        const taken = line.truck !== null;
        return (
          <li key={line.id}>
            <button
              type="button"
              className={styles.line}
              aria-pressed={selected === line.id}
              disabled={taken}
              onClick={() => onSelect(line)}
            >
              <span className={styles.lineTime}>
                {DateTime.fromISO(line.booked_date).toFormat("HH:mm")}
              </span>
              <span className={styles.lineMain}>
                <strong>{line.code}</strong>
                <span>{line.client?.description ?? "--"}</span>
              </span>
              <span className={styles.lineDock}>
                <LinePlace warehouse={line.warehouse} dock={line.dock} />
              </span>
              {taken ? (
                <span className={styles.lineTaken}>
                  <Trans>Truck {line.truck} already checked in</Trans>
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Warehouse and dock of a line; what is not assigned yet is said, never "--". */
function LinePlace({ warehouse, dock }: { warehouse: string; dock: string }) {
  if (warehouse && dock) {
    return (
      <Trans>
        Warehouse {warehouse} · Dock {dock}
      </Trans>
    );
  }
  if (dock) return <Trans>Dock {dock}</Trans>;
  if (warehouse) return <Trans>Warehouse {warehouse} · no dock yet</Trans>;
  return <Trans>No dock yet: ask at the office</Trans>;
}

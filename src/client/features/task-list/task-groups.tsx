import { Trans, useLingui } from "@lingui/react/macro";
import type { TaskLine } from "../../../shared/contract/task-list";
import { Icon } from "../../ui/icons";
import { type ListColumn, presentColumns } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import tableStyles from "../../ui/list/list-table.module.css";
import { RowAction } from "../../ui/list/row-action";
import { userName } from "./api";
import styles from "./task-list.module.css";

export interface TaskGroup {
  worksheet: { id: number; name: string };
  lines: TaskLine[];
}

/** Lines of a page in one group per task, in the page's order; the pending task last if new. */
export function groupByTask(
  lines: readonly TaskLine[],
  pending: { id: number; name: string } | null,
): TaskGroup[] {
  const groups: TaskGroup[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.worksheet.id === line.worksheet.id) last.lines.push(line);
    else groups.push({ worksheet: line.worksheet, lines: [line] });
  }
  if (pending && !groups.some((group) => group.worksheet.id === pending.id)) {
    groups.push({ worksheet: pending, lines: [] });
  }
  return groups;
}

/**
 * The changes waiting on this device laid over the page: lines booked here lead their task's
 * group (a task the page does not show gets a group of its own, first), lines edited here
 * replace the server's copy, lines deleted here are hidden.
 */
export function withWaitingLines(
  groups: readonly TaskGroup[],
  waiting: {
    created: readonly TaskLine[];
    changed: readonly TaskLine[];
    deleting: readonly number[];
  },
): TaskGroup[] {
  const changed = new Map(waiting.changed.map((line) => [line.id, line]));
  const merged = groups.map((group) => ({
    ...group,
    lines: group.lines
      .filter((line) => !waiting.deleting.includes(line.id))
      .map((line) => changed.get(line.id) ?? line),
  }));
  const added: TaskGroup[] = [];
  for (const line of [...waiting.created].reverse()) {
    const group = [...added, ...merged].find((each) => each.worksheet.id === line.worksheet.id);
    if (group) group.lines.unshift(line);
    else added.unshift({ worksheet: line.worksheet, lines: [line] });
  }
  return [...added, ...merged];
}

/** Observations cut at 20 characters plus an ellipsis (spec section 9). */
export const cut = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

const day = (iso: string) => iso.split("-").reverse().join("/");
const num = (value: number | null) => (value === null ? "" : String(value));

export interface TaskGroupTableProps {
  group: TaskGroup;
  showUser: boolean;
  /** Lines with a change waiting on this device: "Waiting to sync", still editable. */
  waiting: ReadonlySet<number>;
  onAdd: (worksheet: { id: number; name: string }) => void;
  onEdit: (line: TaskLine) => void;
  onDelete: (line: TaskLine) => void;
  /** editTasklist: read-only and guard users get no add, edit or delete (issue 25). */
  canWrite: boolean;
}

/** One task's table: the plus icon presets the task of a new line (spec "Task list"). */
export function TaskGroupTable({
  group,
  showUser,
  waiting,
  onAdd,
  onEdit,
  onDelete,
  canWrite,
}: TaskGroupTableProps) {
  const { t } = useLingui();
  const name = group.worksheet.name;
  const hours = group.lines.reduce((sum, line) => sum + line.time_hours, 0);
  const isWaiting = (line: TaskLine) => line.id < 0 || waiting.has(line.id);
  const value = (
    id: string,
    header: string,
    cell: (line: TaskLine) => string,
  ): ListColumn<TaskLine> => ({ id, header, cell });
  const columns: ListColumn<TaskLine>[] = presentColumns([
    value("date", t`Date`, (line) => day(line.date)),
    showUser && value("user", t`User`, (line) => userName(line.user)),
    value("client", t`Client`, (line) => line.client?.description ?? ""),
    value("description", t`Description`, (line) => line.description.name),
    value("reference", t`Reference`, (line) => line.reference),
    value("tag_number", t`Tag number`, (line) => line.tag_number),
    value("reviewed_parts", t`Reviews`, (line) => num(line.reviewed_parts)),
    value("right_parts", t`Pieces OK`, (line) => num(line.right_parts)),
    value("reworked_parts", t`Rework`, (line) => num(line.reworked_parts)),
    value("nok_parts", t`Pieces NOK`, (line) => num(line.nok_parts)),
    value("time_hours", t`Hours`, (line) => line.time_hours.toFixed(2)),
    value("observations", t`Observations`, (line) => cut(line.observations)),
    canWrite && {
      id: "actions",
      header: t`Actions`,
      action: true,
      // A line waiting on this device stays editable (issue 24): its changes join its queue.
      cell: (line) => (
        <span className={styles.rowActions}>
          {isWaiting(line) ? (
            <span className={tableStyles.waiting}>
              <Icon name="clock" size={18} /> <Trans>Waiting to sync</Trans>
            </span>
          ) : null}
          <RowAction icon="edit" size={20} label={t`Edit line`} onPress={() => onEdit(line)} />
          <RowAction
            icon="trash"
            danger
            size={20}
            label={t`Delete line`}
            onPress={() => onDelete(line)}
          />
        </span>
      ),
    },
  ]);
  return (
    <section className={styles.group} aria-label={t`Task ${name}`}>
      <header className={styles.groupHeader}>
        <h2 className={styles.groupTitle}>{name}</h2>
        <span className={styles.groupHours}>
          <Trans>{hours.toFixed(2)} h on this page</Trans>
        </span>
        {canWrite ? (
          <RowAction
            icon="plus"
            label={t`Add line to ${name}`}
            onPress={() => onAdd(group.worksheet)}
          />
        ) : null}
      </header>
      {group.lines.length === 0 ? (
        <p className={styles.pending}>
          <Trans>No lines yet: add the first with the plus button.</Trans>
        </p>
      ) : (
        // Each line a card of labelled values on tablets and phones (task-list.module.css).
        <ListTable
          rows={group.lines}
          columns={columns}
          rowKey={(line) => line.id}
          caption={name}
          wrapClassName={`${tableStyles.wrap} ${styles.cardsOnTouch}`}
          rowAttributes={(line) => ({ "aria-busy": isWaiting(line) || undefined })}
          labelCells
        />
      )}
    </section>
  );
}

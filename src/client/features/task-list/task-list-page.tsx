import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { useMemo, useState } from "react";
import { TASK_PAGE_SIZE, type TaskLine } from "../../../shared/contract/task-list";
import { isTransient } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import { ListHeader } from "../../ui/list/list-header";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { pageCountOf } from "../../ui/list/page-window";
import { Pager } from "../../ui/list/pager";
import { useUrlFilters } from "../../ui/list/use-url-filters";
import pageStyles from "../../ui/page.module.css";
import type { SearchOption } from "../../ui/search-select";
import { AddTaskDialog } from "./add-task-dialog";
import { createWorksheet, deleteTaskLine, downloadExcel, userName } from "./api";
import { queueTaskLineDelete } from "./commands";
import { NameDialog } from "./name-dialog";
import { groupByTask, TaskGroupTable, withWaitingLines } from "./task-groups";
import { TaskLineDialog } from "./task-line-dialog";
import { draftOf, type LineDraft } from "./task-line-form";
import styles from "./task-list.module.css";
import { TaskListFilters } from "./task-list-filters";
import { TaskListSearch } from "./task-list-search";
import { useQueuedTaskLines } from "./use-queued-task-lines";
import { type ShipmentReference, useTaskLines } from "./use-task-lines";

type LineModal = { line: TaskLine | null; preset: Partial<LineDraft>; draft?: LineDraft } | null;

/**
 * /task-list/ (spec "Task list", sections 4 and 5): filters in the URL, one table per task,
 * the pending task as an empty group, the line, task and description dialogs, Excel export.
 */
export function TaskListPage() {
  const { t } = useLingui();
  const session = useSession();
  const { filters, page, replaceFilters, setPage } = useUrlFilters(TaskListSearch);
  const list = useTaskLines(filters, page);
  const [pending, setPending] = useState<{ id: number; name: string } | null>(null);
  const [addTask, setAddTask] = useState(false);
  const [createTask, setCreateTask] = useState(false);
  const [createdTask, setCreatedTask] = useState<SearchOption | null>(null);
  const [lineModal, setLineModal] = useState<LineModal>(null);
  const [toDelete, setToDelete] = useState<TaskLine | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // Changes waiting on this device: new lines lead page 1, edits show, deletes hide.
  const waiting = useQueuedTaskLines(list.apiFilters, list.reload);
  const groups = useMemo(
    () =>
      withWaitingLines(groupByTask(list.rows, pending), {
        ...waiting,
        created: page === 1 ? waiting.created : [],
      }),
    [list.rows, pending, page, waiting],
  );
  const waitingIds = useMemo(
    () => new Set([...waiting.created, ...waiting.changed].map((line) => line.id)),
    [waiting],
  );
  const pageCount = pageCountOf(list.count, TASK_PAGE_SIZE);
  // The lines waiting on this device count too (they lead page 1).
  const shown = {
    count: list.count + (page === 1 ? waiting.created.length : 0) - waiting.deleting.length,
  };
  const me = session.user;
  // Read-only and guard users see the list and write nothing (issue 25).
  const canWrite = session.can("editTasklist");

  /** Saving a line or a task reloads page 1 (spec section 4). */
  const reloadFirstPage = () => {
    if (page === 1) void list.reload();
    else setPage(1);
  };

  const openNewLine = (worksheet: { id: number; name: string } | null) => {
    const task = worksheet ?? pending;
    setLineModal({
      line: null,
      preset: {
        date: DateTime.local().toISODate() ?? "",
        user: me
          ? { id: me.id, text: `${me.first_name} ${me.last_name}`.trim() || me.username }
          : null,
        worksheet: task ? { id: task.id, text: task.name } : null,
        reference: list.shipment?.code ?? "",
      },
    });
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const name = await downloadExcel(list.apiFilters);
      notify("success", t`Task list`, t`Downloaded ${name}`);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const handleDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      const author = currentAuthor();
      if (author && (toDelete.id < 0 || waitingIds.has(toDelete.id))) {
        // A line waiting on this device: its delete joins its queue (an unsent creation and
        // the delete both go, asking the server nothing).
        await queueTaskLineDelete(toDelete, author);
      } else await deleteTaskLine(toDelete);
    } catch (error) {
      const author = currentAuthor();
      if (isTransient(error) && author && toDelete.id > 0) {
        // No answer: the delete waits on this device (If-Match of the version shown).
        await queueTaskLineDelete(toDelete, author);
        notify(
          "success",
          t`Task list`,
          t`Saved on this device: it is sent when the network is back`,
        );
      } else notifyError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      void list.reload();
    }
  };

  return (
    <section className={pageStyles.page} aria-labelledby="task-list-title">
      <ListHeader
        titleId="task-list-title"
        title={<Trans>Task list</Trans>}
        list={list}
        action={
          <>
            {canWrite ? (
              <Button onPress={() => setAddTask(true)}>
                <Trans>Add task</Trans>
              </Button>
            ) : null}
            <Button variant="secondary" pending={exporting} onPress={() => void handleExport()}>
              <Trans>Export Excel</Trans>
            </Button>
          </>
        }
      />
      <ShipmentNote shipment={list.shipment} />
      <div className={styles.filters}>
        <TaskListFilters filters={filters} onChange={replaceFilters} />
      </div>

      {list.error ? (
        <EmptyState message={<Trans>The task list could not be loaded.</Trans>} />
      ) : list.isLoading && list.rows.length === 0 ? (
        <LoadingIndicator />
      ) : groups.length === 0 ? (
        <EmptyState message={<Trans>No task lines found</Trans>} />
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => (
            <TaskGroupTable
              key={group.worksheet.id}
              group={group}
              showUser={!filters.user}
              waiting={waitingIds}
              onAdd={openNewLine}
              onEdit={(line) =>
                setLineModal({ line, preset: {}, draft: draftOf(line, userName(line.user)) })
              }
              onDelete={setToDelete}
              canWrite={canWrite}
            />
          ))}
          <p className={styles.summary}>
            <Trans>
              <Plural value={shown.count} one="# line" other="# lines" />, page {page} of{" "}
              {pageCount}
            </Trans>
          </p>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} />

      <AddTaskDialog
        isOpen={addTask}
        created={createdTask}
        onCreate={() => setCreateTask(true)}
        onChoose={(task) => {
          setPending({ id: task.id, name: task.text });
          setAddTask(false);
          setCreatedTask(null);
        }}
        onClose={() => {
          setAddTask(false);
          setCreatedTask(null);
        }}
      />
      <NameDialog
        title={t`Create task`}
        isOpen={createTask}
        onClose={() => setCreateTask(false)}
        onSave={async (name) => {
          const task = await createWorksheet(name);
          setCreatedTask({ id: task.id, text: task.name });
          setCreateTask(false);
          reloadFirstPage();
        }}
      />
      <TaskLineDialog
        isOpen={lineModal !== null}
        line={lineModal?.line ?? null}
        waiting={lineModal?.line ? waitingIds.has(lineModal.line.id) : false}
        preset={lineModal?.preset ?? {}}
        {...(lineModal?.draft ? { draft: lineModal.draft } : {})}
        onClose={() => setLineModal(null)}
        onDescriptionCreated={reloadFirstPage}
        onSaved={() => {
          setLineModal(null);
          reloadFirstPage();
        }}
      />
      <ConfirmDialog
        isOpen={toDelete !== null}
        message={t`Are you sure you want to DELETE the line?`}
        detail={
          toDelete
            ? `${toDelete.worksheet.name} · ${toDelete.description.name} · ${toDelete.date}`
            : null
        }
        isBusy={deleting}
        onConfirm={() => void handleDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

function ShipmentNote({ shipment }: { shipment: ShipmentReference | null }) {
  if (!shipment) return null;
  return (
    <p className={styles.shipmentNote} role="status">
      {shipment.code === null ? (
        <Trans>The shipment of this link was not found.</Trans>
      ) : (
        <Trans>
          Lines with reference <span className={styles.mono}>{shipment.code}</span> (from the
          shipment); new lines take it as their reference.
        </Trans>
      )}
    </p>
  );
}

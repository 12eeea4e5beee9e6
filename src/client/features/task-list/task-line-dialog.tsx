import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { TaskLine } from "../../../shared/contract/task-list";
import { NetworkError } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notices";
import { submitOnlineFirst } from "../../offline/online-first";
import { currentAuthor } from "../../offline/sync-engine";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { Modal, modalStyles } from "../../ui/modal";
import { type SearchOption, SearchSelect } from "../../ui/search-select";
import {
  createTaskLineOnce,
  createWorkDescription,
  replaceTaskLine,
  searchClients,
  searchDescriptions,
  searchUsers,
  searchWorksheets,
} from "./api";
import { queueTaskLineCreation, queueTaskLineEdit } from "./commands";
import { NameDialog } from "./name-dialog";
import { withOfflineChoices } from "./offline-choices";
import {
  emptyDraft,
  inputOf,
  type LineDraft,
  type LineErrors,
  type LineField,
  validateLine,
} from "./task-line-form";
import styles from "./task-list.module.css";

export interface TaskLineDialogProps {
  isOpen: boolean;
  /** The line to edit; null: a new line from `preset`. */
  line: TaskLine | null;
  /** Values of a new line (today, the signed-in user, the group's or pending task, reference). */
  preset: Partial<LineDraft>;
  /** For an edited line: its form values. */
  draft?: LineDraft;
  /**
   * The line has a change waiting on this device (booked or edited here, unanswered): the edit
   * is queued behind it (folded into it while unsent), never sent ahead of it.
   */
  waiting?: boolean;
  onSaved: () => void;
  /** A description was created from the form (spec section 4: reloads page 1). */
  onDescriptionCreated?: () => void;
  onClose: () => void;
}

// The form's searches, answered from the choices kept on the device when offline.
const offlineUsers = withOfflineChoices("user", searchUsers);
const offlineWorksheets = withOfflineChoices("worksheet", searchWorksheets);
const offlineClients = withOfflineChoices("client", searchClients);

/** The words the form shows for its choices (a queued line shows them too). */
function labelsOf(values: LineDraft) {
  return {
    user: values.user?.text ?? "",
    worksheet: values.worksheet?.text ?? "",
    description: values.description?.text ?? "",
    client: values.client?.text ?? "",
  };
}

/** Add/edit line (spec "Task list", sections 4 and 5). */
export function TaskLineDialog({
  isOpen,
  line,
  preset,
  draft,
  waiting = false,
  onSaved,
  onDescriptionCreated,
  onClose,
}: TaskLineDialogProps) {
  const { t } = useLingui();
  const [values, setValues] = useState<LineDraft>(() => emptyDraft(preset));
  const [errors, setErrors] = useState<LineErrors>({});
  const [saving, setSaving] = useState(false);
  const [newDescription, setNewDescription] = useState(false);
  // One uid per opened form: a repeated send (slow network) or the outbox's replay of a save
  // that got no answer creates the line once (PUT api/task-line/uid/{uid}).
  const [creationUid, setCreationUid] = useState(() => crypto.randomUUID());

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens.
  useEffect(() => {
    if (!isOpen) return;
    setValues(draft ?? emptyDraft(preset));
    setErrors({});
    setCreationUid(crypto.randomUUID());
  }, [isOpen]);

  const set = <K extends LineField>(field: K, value: LineDraft[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Descriptions belong to a task: another task clears the description.
      if (field === "worksheet" && current.worksheet?.id !== (value as SearchOption | null)?.id) {
        next.description = null;
      }
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const worksheetId = values.worksheet?.id;
  const searchTaskDescriptions = useCallback(
    (text: string, signal: AbortSignal) =>
      worksheetId
        ? withOfflineChoices(
            "description",
            (typed, aborted) => searchDescriptions(worksheetId, typed, aborted),
            worksheetId,
          )(text, signal)
        : Promise.resolve([]),
    [worksheetId],
  );

  const message = (field: LineField, label: string) => {
    const code = errors[field];
    if (code === "empty") return t`${label} must not be blank`;
    if (code === "not_number") return t`${label} must be a number`;
    return undefined;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLine(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const body = inputOf(values);
    try {
      const author = currentAuthor();
      if (line && author && (waiting || line.id < 0)) {
        // A line still waiting on this device stays editable: the edit joins its queue.
        await queueTaskLineEdit(line, body, labelsOf(values), author);
        notify(
          "success",
          t`Task list`,
          t`Saved on this device: the line is sent when the network is back`,
        );
        onSaved();
        return;
      }
      const queueable = author !== null && (line === null || line.id > 0);
      // Online-first (offline/online-first.ts): a refusal shows here with the dialog open;
      // offline or with no answer in time the line waits on this device, shown at once, and
      // the outbox sends it later (a creation under the same uid, an edit with If-Match of the
      // version the form opened), with the same Idempotency-Key.
      const sent = await submitOnlineFirst({
        send: (key, signal) =>
          line
            ? replaceTaskLine(line, body, { key, signal })
            : createTaskLineOnce(creationUid, body, { key, signal }),
        queue: async (key) => {
          if (!queueable || !author) throw new NetworkError();
          if (line) await queueTaskLineEdit(line, body, labelsOf(values), author, key);
          else await queueTaskLineCreation(creationUid, body, labelsOf(values), author, key);
        },
      });
      if (sent.kind === "refused") notifyError(sent.error);
      else {
        if (sent.kind === "queued") {
          notify(
            "success",
            t`Task list`,
            t`Saved on this device: the line is sent when the network is back`,
          );
        }
        onSaved();
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const text = (field: LineField, label: string, extra: { numeric?: boolean } = {}) => (
    <TextField
      label={label}
      value={values[field] as string}
      onChange={(value) => set(field, value)}
      inputMode={extra.numeric ? "decimal" : undefined}
      maxLength={field === "observations" ? 2000 : 120}
      errorMessage={message(field, label)}
    />
  );

  return (
    <Modal
      title={line ? t`Edit line` : t`Add line`}
      isOpen={isOpen}
      size="wide"
      isDismissable={!saving}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form className={modalStyles.body} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className={styles.formGrid}>
          <TextField
            label={t`Date`}
            type="date"
            value={values.date}
            onChange={(value) => set("date", value)}
            isRequired
            errorMessage={message("date", t`Date`)}
          />
          <SearchSelect
            label={t`User`}
            value={values.user}
            onChange={(value) => set("user", value)}
            search={offlineUsers}
            isRequired
            errorMessage={message("user", t`User`)}
          />
          <SearchSelect
            label={t`Task`}
            value={values.worksheet}
            onChange={(value) => set("worksheet", value)}
            search={offlineWorksheets}
            isRequired
            errorMessage={message("worksheet", t`Task`)}
          />
          <SearchSelect
            label={t`Description`}
            value={values.description}
            onChange={(value) => set("description", value)}
            search={searchTaskDescriptions}
            isReadOnly={!values.worksheet}
            isRequired
            errorMessage={message("description", t`Description`)}
            actions={
              <Button
                variant="secondary"
                isDisabled={!values.worksheet}
                aria-label={t`New description`}
                onPress={() => setNewDescription(true)}
              >
                <Trans>New</Trans>
              </Button>
            }
          />
          <SearchSelect
            label={t`Client`}
            value={values.client}
            onChange={(value) => set("client", value)}
            search={offlineClients}
            isRequired
            errorMessage={message("client", t`Client`)}
          />
          {text("time_hours", t`Hours`, { numeric: true })}
          {text("reference", t`Reference`)}
          {text("tag_number", t`Tag number`)}
          {text("reviewed_parts", t`Reviews`, { numeric: true })}
          {text("right_parts", t`Pieces OK`, { numeric: true })}
          {text("reworked_parts", t`Rework`, { numeric: true })}
          {text("nok_parts", t`Pieces NOK`, { numeric: true })}
        </div>
        {text("observations", t`Observations`)}
        <FormActions saving={saving} onCancel={onClose} />
      </form>
      <NameDialog
        title={t`Create description`}
        isOpen={newDescription}
        onClose={() => setNewDescription(false)}
        onSave={async (name) => {
          if (!values.worksheet) return;
          const created = await createWorkDescription(name, values.worksheet.id);
          set("description", { id: created.id, text: created.name });
          setNewDescription(false);
          onDescriptionCreated?.();
        }}
      />
    </Modal>
  );
}

import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Button } from "../../ui/button";
import { Modal, modalStyles } from "../../ui/modal";
import { type SearchOption, SearchSelect } from "../../ui/search-select";
import { searchWorksheets } from "./api";

export interface AddTaskDialogProps {
  isOpen: boolean;
  /** A task just created in the create-task dialog: chosen here. */
  created: SearchOption | null;
  onCreate: () => void;
  /** The chosen task becomes the pending task (an empty group that takes lines). */
  onChoose: (task: SearchOption) => void;
  onClose: () => void;
}

/** Add task: pick an existing task or create one (spec "Task list", section 4). */
export function AddTaskDialog({
  isOpen,
  created,
  onCreate,
  onChoose,
  onClose,
}: AddTaskDialogProps) {
  const { t } = useLingui();
  const [task, setTask] = useState<SearchOption | null>(null);
  const [empty, setEmpty] = useState(false);

  useEffect(() => {
    if (isOpen) {
      setTask(created);
      setEmpty(false);
    }
  }, [isOpen, created]);

  const handleSave = () => {
    if (!task) {
      setEmpty(true);
      return;
    }
    onChoose(task);
  };

  return (
    <Modal
      title={t`Add task`}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className={modalStyles.body}>
        <SearchSelect
          label={t`Task`}
          value={task}
          onChange={(value) => {
            setTask(value);
            if (value) setEmpty(false);
          }}
          search={searchWorksheets}
          isRequired
          errorMessage={empty ? t`Task must not be blank` : undefined}
        />
        <div className={modalStyles.actions}>
          <Button variant="ghost" onPress={onCreate}>
            <Trans>Create task</Trans>
          </Button>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onPress={handleSave}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}

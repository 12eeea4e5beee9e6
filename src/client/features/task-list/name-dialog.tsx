import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { notifyError } from "../../lib/notices";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { Modal, modalStyles } from "../../ui/modal";

export interface NameDialogProps {
  title: string;
  isOpen: boolean;
  /** Saves the name (trimmed, not empty); a failure keeps the dialog open. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}

/** Create task and create description (spec section 5: name mandatory, error 'empty'). */
export function NameDialog({ title, isOpen, onSave, onClose }: NameDialogProps) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [empty, setEmpty] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isOpen) {
      setName("");
      setEmpty(false);
    }
  }, [isOpen]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setEmpty(true);
      return;
    }
    setSaving(true);
    try {
      await onSave(name.trim());
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      isOpen={isOpen}
      isDismissable={!saving}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form className={modalStyles.body} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={t`Name`}
          value={name}
          onChange={(value) => {
            setName(value);
            if (value.trim() !== "") setEmpty(false);
          }}
          maxLength={120}
          autoFocus
          isRequired
          errorMessage={empty ? t`Name must not be blank` : undefined}
        />
        <FormActions saving={saving} onCancel={onClose} />
      </form>
    </Modal>
  );
}

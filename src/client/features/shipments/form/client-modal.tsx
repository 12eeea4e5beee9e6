import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import type { Client } from "../../../../shared/contract/clients";
import { useRemoteData } from "../../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../../lib/error-messages";
import { useSession } from "../../../lib/session/use-session";
import { Checkbox, CheckboxGroup } from "../../../ui/fields/checkbox";
import { TextField } from "../../../ui/fields/text-field";
import { FormActions } from "../../../ui/form-actions";
import { Modal } from "../../../ui/modal";
import { getClient, saveClient } from "./pickers-api";
import styles from "./shipment-form.module.css";

export interface ClientModalProps {
  isOpen: boolean;
  /** The client to edit; null creates one. */
  clientId: number | null;
  onClose: () => void;
  onSaved: (client: Client) => void;
}

const EMPTY = { description: "", email: "", notes: "", company: [] as number[] };

/**
 * Add/edit client (spec "Clients"): description, e-mail, the companies it belongs to (chosen
 * among the user's) and notes. Server field errors show under their fields.
 */
export function ClientModal({ isOpen, clientId, onClose, onSaved }: ClientModalProps) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const groups = session.user?.groups ?? [];
  const [values, setValues] = useState(EMPTY);
  const [existing, setExisting] = useState<{ id: number; version: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  // Each opening (or another client) starts from an empty form; the client's values follow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clientId changing is a cue to reset.
  useEffect(() => {
    if (!isOpen) return;
    setErrors({});
    setExisting(null);
    setValues({ ...EMPTY, company: session.company ? [session.company.id] : [] });
  }, [isOpen, clientId, session.company]);
  useRemoteData(
    isOpen && clientId !== null ? String(clientId) : null,
    () => getClient(clientId ?? 0),
    {
      onData: (client) => {
        setExisting({ id: client.id, version: client.version });
        setValues({
          description: client.description,
          email: client.email,
          notes: client.notes,
          company: client.company,
        });
      },
      onError: (error) => {
        console.error("Loading the client failed", error);
        setErrors({ description: [t`The client could not be loaded`] });
      },
    },
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (values.description.trim() === "") {
      setErrors({ description: [t`This field is required`] });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveClient(values, existing);
      onSaved(saved);
      onClose();
    } catch (error) {
      const messages = fieldMessages(error, i18n);
      setErrors(
        Object.keys(messages).length > 0
          ? messages
          : { description: [t`The client could not be saved`] },
      );
      console.error("Saving the client failed", error);
    } finally {
      setSaving(false);
    }
  };

  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  return (
    <Modal
      title={existing ? t`Edit client` : t`New client`}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={!saving}
    >
      <form className={styles.modalForm} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label={t`Description`}
          value={values.description}
          onChange={set("description")}
          maxLength={120}
          isRequired
          autoFocus
          errorMessage={errors.description?.join(" ")}
        />
        <TextField
          label={t`E-mail`}
          type="email"
          value={values.email}
          onChange={set("email")}
          maxLength={254}
          errorMessage={errors.email?.join(" ")}
        />
        <CheckboxGroup label={<Trans>Companies</Trans>} errorMessage={errors.company?.join(" ")}>
          {groups.map((group) => (
            <Checkbox
              key={group.id}
              isSelected={values.company.includes(group.id)}
              onChange={(on) =>
                setValues((current) => ({
                  ...current,
                  company: on
                    ? [...current.company, group.id]
                    : current.company.filter((id) => id !== group.id),
                }))
              }
              isDisabled={group.id === session.company?.id}
            >
              {group.name}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <TextField
          label={t`Notes`}
          value={values.notes}
          onChange={set("notes")}
          maxLength={1000}
          multiline
        />
        <FormActions saving={saving} onCancel={onClose} />
      </form>
    </Modal>
  );
}

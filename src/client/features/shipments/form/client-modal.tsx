import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import {
  TextField as AriaTextField,
  Checkbox,
  CheckboxGroup,
  Label,
  TextArea,
} from "react-aria-components";
import type { Client } from "../../../../shared/contract/clients";
import { useRemoteData } from "../../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../../lib/error-messages";
import { useSession } from "../../../lib/session/use-session";
import { Button } from "../../../ui/button";
import fieldStyles from "../../../ui/field.module.css";
import { Modal } from "../../../ui/modal";
import { TextField } from "../../../ui/text-field";
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
        <CheckboxGroup
          className={styles.checkGroup}
          value={values.company.map(String)}
          onChange={(ids) => setValues((current) => ({ ...current, company: ids.map(Number) }))}
        >
          <Label className={fieldStyles.label}>
            <Trans>Companies</Trans>
          </Label>
          {groups.map((group) => (
            <Checkbox
              key={group.id}
              value={String(group.id)}
              className={styles.check}
              isDisabled={group.id === session.company?.id}
            >
              {group.name}
            </Checkbox>
          ))}
          {errors.company ? <p className={fieldStyles.error}>{errors.company.join(" ")}</p> : null}
        </CheckboxGroup>
        <AriaTextField className={fieldStyles.field} value={values.notes} onChange={set("notes")}>
          <Label className={fieldStyles.label}>
            <Trans>Notes</Trans>
          </Label>
          <TextArea className={`${fieldStyles.input} ${styles.textarea}`} maxLength={1000} />
        </AriaTextField>
        <div className={styles.modalActions}>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={saving}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}

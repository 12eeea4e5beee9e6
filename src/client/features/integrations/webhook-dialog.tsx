import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import {
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEventType,
} from "../../../shared/contract/webhooks";
import { fieldMessages } from "../../lib/error-messages";
import { notifyError } from "../../lib/notices";
import { Checkbox, CheckboxGroup } from "../../ui/fields/checkbox";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { Modal } from "../../ui/modal";
import { changeEndpoint, createEndpoint } from "./api";
import styles from "./integrations.module.css";
import { EVENT_LABELS } from "./labels";

export interface WebhookDialogProps {
  /** The endpoint to edit; null to register a new one. */
  endpoint: WebhookEndpoint | null;
  isOpen: boolean;
  onClose: () => void;
  /** After a save; `secret` only for a new endpoint (shown once). */
  onSaved: (endpoint: WebhookEndpoint, secret?: string) => void;
}

/** Registers or changes a webhook endpoint: URL, description, events, active. */
export function WebhookDialog({ endpoint, isOpen, onClose, onSaved }: WebhookDialogProps) {
  const { t, i18n } = useLingui();
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [events, setEvents] = useState<WebhookEventType[]>(
    endpoint?.events ?? ["shipment.created"],
  );
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));

  const save = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const body = { url, description, events, active };
      if (endpoint) onSaved(await changeEndpoint(endpoint.id, endpoint.version, body));
      else {
        const created = await createEndpoint(body);
        onSaved(created, created.secret);
      }
    } catch (error) {
      setErrors(fieldMessages(error));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={endpoint ? t`Change webhook` : t`Add webhook`}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable={!saving}
      size="wide"
    >
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={t`URL`}
          value={url}
          onChange={setUrl}
          mono
          isRequired
          placeholder="https://erp.example.com/yardline"
          description={<Trans>Events are posted here, signed with the endpoint's secret.</Trans>}
          errorMessage={errors.url?.join(" ")}
        />
        <TextField
          label={t`Description`}
          value={description}
          onChange={setDescription}
          errorMessage={errors.description?.join(" ")}
        />
        <CheckboxGroup
          label={<Trans>Events</Trans>}
          className={styles.events}
          errorMessage={errors.events?.join(" ")}
        >
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              isSelected={events.includes(event)}
              onChange={(on) => toggle(event, on)}
            >
              {i18n._(EVENT_LABELS[event])}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <Checkbox isSelected={active} onChange={setActive}>
          <Trans>Active</Trans>
        </Checkbox>
        <FormActions
          saving={saving}
          onCancel={onClose}
          placement="dialog"
          saveDisabled={events.length === 0}
        />
      </form>
    </Modal>
  );
}

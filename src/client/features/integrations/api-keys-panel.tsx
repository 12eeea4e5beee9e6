import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { API_KEY_ROLES, type ApiKey } from "../../../shared/contract/api-keys";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../lib/error-messages";
import { formatDateTime } from "../../lib/format-date-time";
import { notify, notifyError } from "../../lib/notices";
import { ROLE_LABELS } from "../../lib/role-labels";
import { Button } from "../../ui/button";
import { DateField } from "../../ui/fields/date-field";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import type { ListColumn } from "../../ui/list/list-column";
import { ListTable } from "../../ui/list/list-table";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { RowAction } from "../../ui/list/row-action";
import { useConfirmedDelete } from "../../ui/list/use-confirmed-delete";
import { Modal } from "../../ui/modal";
import { createApiKey, listApiKeys, revokeApiKey } from "./api";
import styles from "./integrations.module.css";
import type { ApiKeyRole } from "./labels";
import type { ShownOnce } from "./shown-once-dialog";

/** The company's API keys: create (shown once), last use, revoke. */
export function ApiKeysPanel({
  companyId,
  onShowOnce,
}: {
  companyId: number;
  onShowOnce: (shown: ShownOnce) => void;
}) {
  const { t, i18n } = useLingui();
  const keys = useRemoteData(String(companyId), (signal) => listApiKeys(signal), {
    onError: notifyError,
  });
  const [creating, setCreating] = useState(false);
  const rows = keys.data ?? (keys.error ? [] : null);
  const revocation = useConfirmedDelete<ApiKey>({
    remove: async (key) => {
      await revokeApiKey(key.id);
      notify("success", t`API keys`, t`Key ${key.name} revoked`);
    },
    onError: notifyError,
    onSettled: () => void keys.reload(),
  });

  const columns: ListColumn<ApiKey>[] = [
    { id: "name", header: t`Name`, rowHeader: true, cell: (row) => row.name },
    { id: "prefix", header: t`Key`, mono: true, cell: (row) => `${row.prefix}…` },
    { id: "role", header: t`Role`, cell: (row) => i18n._(ROLE_LABELS[row.role]) },
    {
      id: "last_used",
      header: t`Last used`,
      mono: true,
      cell: (row) => formatDateTime(row.last_used_at) || t`Never`,
    },
    {
      id: "expires",
      header: t`Expires`,
      mono: true,
      cell: (row) =>
        row.revoked_at
          ? t`Revoked ${formatDateTime(row.revoked_at)}`
          : formatDateTime(row.expires_at) || t`No expiry`,
    },
    {
      id: "actions",
      header: t`Actions`,
      action: true,
      cell: (row) =>
        row.revoked_at ? null : (
          <RowAction
            icon="trash"
            danger
            label={t`Revoke ${row.name}`}
            onPress={() => revocation.ask(row)}
          />
        ),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="api-keys-title">
      <div className={styles.header}>
        <h2 id="api-keys-title" className={styles.subtitle}>
          <Trans>API keys</Trans>
        </h2>
        <Button onPress={() => setCreating(true)}>
          <Trans>Create API key</Trans>
        </Button>
      </div>
      <p className={styles.hint}>
        <Trans>
          Other systems call the API with the header Authorization: Api-Key followed by the key,
          with the rights of the key's role. A revoked key stops working at once.
        </Trans>
      </p>
      {rows === null ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState message={<Trans>No API keys yet</Trans>} />
      ) : (
        <ListTable rows={rows} columns={columns} rowKey={(row) => row.id} caption={t`API keys`} />
      )}
      {creating ? (
        <ApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            onShowOnce({ title: t`API key ${key.name}`, value: key.key });
            void keys.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        message={t`Revoke this API key? Systems using it stop working at once.`}
        detail={revocation.target?.name ?? null}
        confirmLabel={t`Revoke`}
        {...revocation.dialog}
      />
    </section>
  );
}

function ApiKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: { name: string; key: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState("");
  const [role, setRole] = useState<ApiKeyRole>("office");
  const [expires, setExpires] = useState("");
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
      onCreated(await createApiKey({ name, role, expires_at: expiresAt }));
    } catch (error) {
      setErrors(fieldMessages(error));
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={t`Create API key`} isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label={t`Name`}
          value={name}
          onChange={setName}
          isRequired
          errorMessage={errors.name?.join(" ")}
        />
        <SelectField
          label={<Trans>Role</Trans>}
          value={role}
          onChange={(value) => setRole(value as ApiKeyRole)}
          options={API_KEY_ROLES.map((key) => ({ value: key, label: i18n._(ROLE_LABELS[key]) }))}
          errorMessage={errors.role?.join(" ")}
        />
        <DateField
          label={t`Expires on (optional)`}
          value={expires}
          onChange={setExpires}
          errorMessage={errors.expires_at?.join(" ")}
        />
        <FormActions saving={saving} onCancel={onClose} placement="dialog" />
      </form>
    </Modal>
  );
}

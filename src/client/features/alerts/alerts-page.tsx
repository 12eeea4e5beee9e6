import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { isKioskUser } from "../../../shared/roles";
import { notify, notifyError } from "../../lib/notices";
import { useSession } from "../../lib/session/use-session";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/fields/text-field";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { EmptyState } from "../../ui/list/empty-state";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { OfflineMarker } from "../../ui/list/offline-marker";
import { pageOf } from "../../ui/list/url-search";
import pageStyles from "../../ui/page.module.css";
import styles from "./alerts.module.css";
import { deleteAlert, uploadAlert } from "./api";
import { useAlerts } from "./use-alerts";

/**
 * /alerts (spec section 2; issue 16): the company's alert images, one at a time. Kiosk users
 * page through them with the kiosk rotation (one image a tick, data-page-count); others step
 * with buttons, and admins upload and remove images here.
 */
export function AlertsPage() {
  const { t } = useLingui();
  const id = useId();
  const { roles, company } = useSession();
  const kiosk = isKioskUser(roles);
  const admin = roles.includes("admin");
  const { saved, offline, loading, reload } = useAlerts(String(company?.id ?? ""), kiosk);
  const alerts = saved?.alerts ?? [];
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const index = alerts.length === 0 ? 0 : Math.min(pageOf(search), alerts.length) - 1;
  const current = alerts[index];
  const url = useMemo(() => (current ? URL.createObjectURL(current.image) : null), [current]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const go = (next: number) =>
    void navigate({
      to: "/alerts",
      search: { page: ((next + alerts.length) % alerts.length) + 1 },
    });

  return (
    <section
      className={`${pageStyles.page} ${styles.page}`}
      aria-labelledby={`${id}-title`}
      data-page={kiosk ? index + 1 : undefined}
      data-page-count={kiosk ? alerts.length : undefined}
    >
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={pageStyles.title}>
          <Trans>Alerts</Trans>
          {current ? `: ${current.description}` : ""}
        </h1>
        {alerts.length > 1 ? (
          <p className={styles.count}>
            {index + 1} / {alerts.length}
          </p>
        ) : null}
        {offline ? <OfflineMarker updatedAt={saved?.savedAt ?? null} /> : null}
      </header>
      {loading && !saved ? <LoadingIndicator /> : null}
      {!loading && alerts.length === 0 ? <EmptyState message={t`No alerts right now.`} /> : null}
      {current && url ? (
        <figure className={styles.figure}>
          <img className={styles.image} src={url} alt={current.description} />
        </figure>
      ) : null}
      {!kiosk && alerts.length > 1 ? (
        <nav className={styles.steps} aria-label={t`Alerts`}>
          <Button variant="secondary" onPress={() => go(index - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <Button variant="secondary" onPress={() => go(index + 1)}>
            <Trans>Next</Trans>
          </Button>
        </nav>
      ) : null}
      {admin && !kiosk ? <AlertsAdmin currentId={current?.id ?? null} onChange={reload} /> : null}
    </section>
  );
}

/** Upload and removal, for admins. */
function AlertsAdmin({ currentId, onChange }: { currentId: number | null; onChange: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const handleUpload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      notify("warning", t`Warning`, t`Choose an image`);
      return;
    }
    setBusy(true);
    try {
      await uploadAlert(file, description);
      notify("success", t`Saved`);
      setFile(null);
      setDescription("");
      (event.target as HTMLFormElement).reset();
      onChange();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const handleDelete = async () => {
    if (currentId === null) return;
    setBusy(true);
    try {
      await deleteAlert(currentId);
      notify("success", t`Deleted`);
      onChange();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <form
      className={styles.admin}
      onSubmit={(event) => void handleUpload(event)}
      aria-label={t`Upload an alert`}
    >
      <label className={styles.field}>
        <span className={styles.label}>
          <Trans>Image (png, jpeg, webp or gif, up to 2 MB)</Trans>
        </span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <TextField
        label={t`Description`}
        value={description}
        maxLength={120}
        onChange={setDescription}
      />
      <Button type="submit" pending={busy}>
        <Trans>Upload</Trans>
      </Button>
      {currentId !== null ? (
        <Button type="button" variant="danger" onPress={() => setConfirming(true)}>
          <Trans>Delete this alert</Trans>
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        message={t`Are you sure you want to DELETE the file?`}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirming(false)}
        isBusy={busy}
      />
    </form>
  );
}

import { useState } from "react";

export interface ConfirmedDeleteOptions<Row> {
  /** Deletes the row (the API call, then the mirror); throws when it failed. */
  remove: (row: Row) => Promise<void>;
  /** A failed delete, after the dialog's row is known: log it and show a notice. */
  onError: (error: unknown, row: Row) => void;
  /** After the dialog closed, done or failed: reload the list. */
  onSettled?: () => void;
}

export interface ConfirmedDelete<Row> {
  /** The row the confirmation asks about, or null with the dialog closed. */
  target: Row | null;
  /** Opens the confirmation for a row (the list's delete button). */
  ask: (row: Row) => void;
  /** What ConfirmDialog takes: spread it, add the message and the detail. */
  dialog: { isOpen: boolean; isBusy: boolean; onConfirm: () => void; onCancel: () => void };
}

/**
 * A list's delete behind a confirmation (spec: "Are you sure you want to DELETE ...?"): the
 * dialog stays open and busy while the delete runs, closes whatever the outcome, and a
 * failure goes to `onError` (spec section 8: logged and shown).
 */
export function useConfirmedDelete<Row>({
  remove,
  onError,
  onSettled,
}: ConfirmedDeleteOptions<Row>): ConfirmedDelete<Row> {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    if (target === null || busy) return;
    setBusy(true);
    try {
      await remove(target);
    } catch (error) {
      onError(error, target);
    } finally {
      setBusy(false);
      setTarget(null);
      onSettled?.();
    }
  };

  return {
    target,
    ask: setTarget,
    dialog: {
      isOpen: target !== null,
      isBusy: busy,
      onConfirm: () => void handleConfirm(),
      onCancel: () => setTarget(null),
    },
  };
}

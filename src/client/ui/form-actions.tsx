import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Button } from "./button";
import styles from "./form-actions.module.css";
import modalStyles from "./modal.module.css";

export interface FormActionsProps {
  /** The save runs: Save shows its spinner and Cancel waits. */
  saving?: boolean;
  /** Cancel; omitted in a dialog, Cancel closes it (react-aria's close slot). */
  onCancel?: () => void;
  /** Save without submitting a form (a dialog without one); else Save submits the form. */
  onSave?: () => void;
  /** Save may not be pressed (no permission, nothing chosen yet). */
  saveDisabled?: boolean;
  /**
   * dialog: Cancel then Save at the right of a modal; page: Save then Cancel at the start of
   * a form page (the truck, user and critical-line forms).
   */
  placement?: "dialog" | "page";
  /** More buttons after these two (History, ...). */
  children?: ReactNode;
}

/** The one Save and Cancel pair of a form, in a dialog or at the foot of a form page. */
export function FormActions({
  saving = false,
  onCancel,
  onSave,
  saveDisabled,
  placement = "dialog",
  children,
}: FormActionsProps) {
  const save = (
    <Button
      type={onSave ? "button" : "submit"}
      variant="primary"
      pending={saving}
      isDisabled={saveDisabled}
      onPress={onSave}
    >
      <Trans>Save</Trans>
    </Button>
  );
  const cancel = (
    <Button
      type="button"
      variant="secondary"
      isDisabled={saving}
      {...(onCancel ? { onPress: onCancel } : { slot: "close" })}
    >
      <Trans>Cancel</Trans>
    </Button>
  );
  return placement === "page" ? (
    <div className={styles.page}>
      {save}
      {cancel}
      {children}
    </div>
  ) : (
    <div className={modalStyles.actions}>
      {cancel}
      {save}
      {children}
    </div>
  );
}

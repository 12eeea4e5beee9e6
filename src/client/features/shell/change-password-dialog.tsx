import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { Form } from "react-aria-components";
import { fieldMessages } from "../../lib/error-messages";
import { notify, notifyError } from "../../lib/notices";
import { changePassword } from "../../lib/session/api";
import { useSession } from "../../lib/session/use-session";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { Modal, modalStyles } from "../../ui/modal";

interface Props {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Change password (spec sections 2, 5, 7). Mismatched new passwords: a warning, nothing sent. */
export function ChangePasswordDialog({ isOpen, onOpenChange }: Props) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || pending) return;
    if (newPassword !== repeat) {
      notify(
        "warning",
        t`Warning`,
        t({ id: "pass_different", message: "New passwords do not match" }),
      );
      return;
    }
    setPending(true);
    setFieldErrors({});
    try {
      await changePassword(user.id, { old_password: oldPassword, new_password: newPassword });
      notify("success", t`Change password`, t`Successfully saved new password`);
      onOpenChange(false);
    } catch (error) {
      setFieldErrors(fieldMessages(error, i18n));
      notifyError(error);
    } finally {
      setPending(false);
    }
  };

  const errorOf = (field: string) => fieldErrors[field]?.join(" ");

  return (
    <Modal
      title={t`Change password`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
    >
      <Form className={modalStyles.body} onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label={t`Old password`}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={setOldPassword}
          errorMessage={errorOf("old_password")}
          isRequired
          autoFocus
        />
        <TextField
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          errorMessage={errorOf("new_password")}
          isRequired
        />
        <TextField
          label={t`Repeat new password`}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
          isRequired
        />
        <FormActions saving={pending} />
      </Form>
    </Modal>
  );
}

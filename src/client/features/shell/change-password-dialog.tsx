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
  const [values, setValues] = useState({ old_password: "", new_password: "", repeat: "" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || pending) return;
    if (values.new_password !== values.repeat) {
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
      const { old_password, new_password } = values;
      await changePassword(user.id, { old_password, new_password });
      notify("success", t`Change password`, t`Successfully saved new password`);
      onOpenChange(false);
    } catch (error) {
      setFieldErrors(fieldMessages(error, i18n));
      notifyError(error);
    } finally {
      setPending(false);
    }
  };

  // The three inputs differ only in name, label and what the browser may fill in.
  const password = (
    field: keyof typeof values,
    label: string,
    autoComplete: "current-password" | "new-password",
  ) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
      errorMessage={fieldErrors[field]?.join(" ")}
      isRequired
      autoFocus={field === "old_password"}
    />
  );

  return (
    <Modal
      title={t`Change password`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
    >
      <Form className={modalStyles.body} onSubmit={(event) => void handleSubmit(event)}>
        {password("old_password", t`Old password`, "current-password")}
        {password("new_password", t`New password`, "new-password")}
        {password("repeat", t`Repeat new password`, "new-password")}
        <FormActions saving={pending} />
      </Form>
    </Modal>
  );
}

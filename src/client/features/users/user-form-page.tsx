/**
 * Add or edit a user (/user/{id?}, spec 02 "Users" and section 5). A new user needs username,
 * password, repeat and at least one role (fill_mandatory), matching passwords (pass_match) and
 * the server's minimum length, shown before sending. Editing changes only the roles; the other
 * fields are read-only. Roles the signed-in user may not give are shown disabled.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { type AdminUser, type CompanyRole, PASSWORD_MIN } from "../../../shared/contract/users";
import type { RoleKey } from "../../../shared/roles";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { fieldMessages } from "../../lib/error-messages";
import { notify, notifyError } from "../../lib/notices";
import { ROLE_LABELS } from "../../lib/role-labels";
import { useSession } from "../../lib/session/use-session";
import { Checkbox } from "../../ui/fields/checkbox";
import { TextField } from "../../ui/fields/text-field";
import { FormActions } from "../../ui/form-actions";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import pageStyles from "../../ui/page.module.css";
import { changeUserRoles, createUser, getUser, listRoles } from "./api";
import { checkNewUser, type UserFormValues } from "./user-form";
import styles from "./users.module.css";

const NO_ROLES: CompanyRole[] = [];

export function parseUserId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function UserFormPage({ userId: rawId }: { userId?: string }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const userId = parseUserId(rawId);
  const groups = session.user?.groups ?? [];
  const [values, setValues] = useState<UserFormValues>({
    username: "",
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    repeat: "",
    companies: session.company ? [session.company.id] : [],
    roles: [],
  });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const canManage = session.can("addExp");

  const loaded = useRemoteData(
    String(userId),
    () => Promise.all([listRoles(), userId === null ? Promise.resolve(null) : getUser(userId)]),
    {
      onData: ([, user]) => {
        if (!user) return;
        setEditing(user);
        setValues((current) => ({
          ...current,
          username: user.username,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          companies: user.companies,
          roles: user.roles.map((role) => role.name),
        }));
      },
      onError: notifyError,
    },
  );
  const roles = loaded.data?.[0] ?? NO_ROLES;
  const loading = loaded.isLoading;

  const set =
    (field: "username" | "first_name" | "last_name" | "email" | "password" | "repeat") =>
    (value: string) =>
      setValues((current) => ({ ...current, [field]: value }));
  const toggle = <K extends "roles" | "companies">(field: K, item: UserFormValues[K][number]) =>
    setValues((current) => {
      const list = current[field] as (typeof item)[];
      const next = list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
      return { ...current, [field]: next };
    });
  const done = () => void navigate({ to: "/users" });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (editing) {
      if (values.roles.length === 0) {
        setErrors({ roles: [t`Choose at least one role`] });
        notify("warning", t`Warning`, t`Fill mandatory fields`);
        return;
      }
    } else {
      const check = checkNewUser(values);
      if (!check.ok) {
        if (check.reason === "fill_mandatory") {
          setErrors(Object.fromEntries(check.fields.map((field) => [field, [t`Required`]])));
          notify("warning", t`Warning`, t`Fill mandatory fields`);
        } else if (check.reason === "pass_match") {
          setErrors({ repeat: [t`Passwords do not match`] });
          notify("warning", t`Warning`, t`Passwords do not match`);
        } else {
          setErrors({ password: [t`At least ${PASSWORD_MIN} characters`] });
        }
        return;
      }
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = editing
        ? await changeUserRoles(editing.id, editing.version, { roles: values.roles })
        : await createUser(
            (checkNewUser(values) as { input: Parameters<typeof createUser>[0] }).input,
          );
      notify("success", t`Users`, t`User ${saved.username} saved`);
      done();
    } catch (error) {
      setErrors(fieldMessages(error, i18n));
      console.error("Saving the user failed", error);
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  const readOnly = editing !== null || !canManage;
  const roleError = errors.roles?.join(" ");
  return (
    <section className={pageStyles.page} aria-labelledby="user-form-title">
      <h1 id="user-form-title" className={pageStyles.title}>
        {editing ? <Trans>Edit user</Trans> : <Trans>Add user</Trans>}
      </h1>
      {loading ? <LoadingIndicator /> : null}
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className={styles.row}>
          <TextField
            label={`${t`Username`}${editing ? "" : " *"}`}
            value={values.username}
            onChange={set("username")}
            isReadOnly={readOnly}
            maxLength={150}
            autoComplete="off"
            errorMessage={errors.username?.join(" ")}
          />
          <TextField
            label={t`E-mail`}
            type="email"
            value={values.email}
            onChange={set("email")}
            isReadOnly={readOnly}
            errorMessage={errors.email?.join(" ")}
          />
          <TextField
            label={t`Name`}
            value={values.first_name}
            onChange={set("first_name")}
            isReadOnly={readOnly}
            maxLength={150}
          />
          <TextField
            label={t`Last name`}
            value={values.last_name}
            onChange={set("last_name")}
            isReadOnly={readOnly}
            maxLength={150}
          />
        </div>
        {editing ? null : (
          <div className={styles.row}>
            <TextField
              label={`${t`Password`} *`}
              type="password"
              value={values.password}
              onChange={set("password")}
              autoComplete="new-password"
              description={<Trans>At least {PASSWORD_MIN} characters</Trans>}
              errorMessage={errors.password?.join(" ")}
            />
            <TextField
              label={`${t`Repeat password`} *`}
              type="password"
              value={values.repeat}
              onChange={set("repeat")}
              autoComplete="new-password"
              errorMessage={errors.repeat?.join(" ")}
            />
          </div>
        )}
        <fieldset className={styles.choices}>
          <legend>
            <Trans>Companies</Trans>
          </legend>
          {groups.map((group) => (
            <Checkbox
              key={group.id}
              isSelected={values.companies.includes(group.id)}
              isDisabled={readOnly}
              onChange={() => toggle("companies", group.id)}
            >
              {group.name}
            </Checkbox>
          ))}
        </fieldset>
        <fieldset
          className={styles.choices}
          aria-describedby={roleError ? "roles-error" : undefined}
        >
          <legend>
            <Trans>Roles</Trans> *
          </legend>
          {roles.map((role) => (
            <Checkbox
              key={role.name}
              isSelected={values.roles.includes(role.name)}
              isDisabled={!canManage || !role.assignable}
              onChange={() => toggle("roles", role.name as RoleKey)}
            >
              {i18n._(ROLE_LABELS[role.name])}
            </Checkbox>
          ))}
        </fieldset>
        {roleError ? (
          <p id="roles-error" className={styles.error}>
            {roleError}
          </p>
        ) : null}
        <FormActions placement="page" saving={saving} saveDisabled={!canManage} onCancel={done} />
      </form>
    </section>
  );
}

import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import {
  Button as AriaButton,
  Header,
  type Key,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
} from "react-aria-components";
import { chooseLocale, isLocale } from "../../lib/i18n";
import { isSingleSignOn, logout, logoutSingleSignOn } from "../../lib/session/session";
import { useSession } from "../../lib/session/use-session";
import { readSyncStatus } from "../../offline/sync-status";
import { ConfirmDialog } from "../../ui/list/confirm-dialog";
import { ChangeCompanyDialog } from "./change-company-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";
import { languageOptions } from "./languages";
import styles from "./user-menu.module.css";

type Dialog = "company" | "password" | "logout" | null;

export interface UserMenuProps {
  /**
   * `kiosk`: the discreet way out of a wall display. A faint corner button, no text, that
   * opens on a long press (or Alt+ArrowDown from the keyboard), so a passer-by's tap does
   * nothing.
   */
  variant?: "bar" | "kiosk";
}

/** The 'User Config' menu (spec section 2): languages, change company/password, Log Out. */
export function UserMenu({ variant = "bar" }: UserMenuProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { company, user, can } = useSession();
  // User administration (issue 14): for those who may add users, never on a kiosk wall.
  const canManageUsers = variant !== "kiosk" && can("addExp");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [waiting, setWaiting] = useState(0);
  const languages = languageOptions(company);

  const handleLogout = () => {
    setDialog(null);
    // A single sign-on session leaves the provider too (sso/logout, back to /login).
    if (isSingleSignOn()) return void logoutSingleSignOn();
    logout();
    void navigate({ to: "/login" });
  };

  // Changes still queued stay on the device for their user: warn before logging out.
  const handleAskLogout = async () => {
    const { waiting: count } = await readSyncStatus(user?.id ?? null);
    if (count === 0) return handleLogout();
    setWaiting(count);
    setDialog("logout");
  };

  const handleAction = (key: Key) => {
    if (key === "company" || key === "password") setDialog(key);
    else if (key === "logout") void handleAskLogout();
    else if (key === "users") void navigate({ to: "/users" });
  };

  const handleLanguage = (keys: "all" | Set<Key>) => {
    const [locale] = keys === "all" ? [] : [...keys];
    if (isLocale(locale)) void chooseLocale(locale);
  };

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <MenuTrigger trigger={variant === "kiosk" ? "longPress" : "press"}>
        {variant === "kiosk" ? (
          <AriaButton className={styles.kioskTrigger} aria-label={t`User Config`}>
            <span aria-hidden="true">⋯</span>
          </AriaButton>
        ) : (
          <AriaButton className={styles.trigger}>
            <span aria-hidden="true">☰</span>
            <span className={styles.label}>
              <Trans>User Config</Trans>
            </span>
          </AriaButton>
        )}
        <Popover className={styles.popover} placement="bottom end">
          <Menu className={styles.menu} onAction={handleAction}>
            <MenuSection
              className={styles.section}
              selectionMode="single"
              selectedKeys={[i18n.locale]}
              onSelectionChange={handleLanguage}
              disallowEmptySelection
            >
              <Header className={styles.header}>
                <Trans>Language</Trans>
              </Header>
              {languages.map((language) => (
                <MenuItem key={language.locale} id={language.locale} className={styles.item}>
                  {language.label}
                </MenuItem>
              ))}
            </MenuSection>
            <MenuSection className={styles.section}>
              {canManageUsers ? (
                <MenuItem id="users" className={styles.item}>
                  <Trans>Users</Trans>
                </MenuItem>
              ) : null}
              <MenuItem id="company" className={styles.item}>
                <Trans>Change company</Trans>
              </MenuItem>
              <MenuItem id="password" className={styles.item}>
                <Trans>Change password</Trans>
              </MenuItem>
              <MenuItem id="logout" className={styles.item} textValue={t`Log Out`}>
                <Trans>Log Out</Trans>
              </MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialog === "company" && <ChangeCompanyDialog isOpen onOpenChange={closeDialog} />}
      {dialog === "password" && <ChangePasswordDialog isOpen onOpenChange={closeDialog} />}
      <ConfirmDialog
        isOpen={dialog === "logout"}
        message={plural(waiting, {
          one: "# change made on this device has not reached the server yet.",
          other: "# changes made on this device have not reached the server yet.",
        })}
        detail={t`They stay on this device and are sent when you log in again. Log out anyway?`}
        confirmLabel={t`Log Out`}
        onConfirm={handleLogout}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

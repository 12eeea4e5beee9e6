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
import { logout } from "../../lib/session/session";
import { useSession } from "../../lib/session/use-session";
import { ChangeCompanyDialog } from "./change-company-dialog";
import { ChangePasswordDialog } from "./change-password-dialog";
import { languageOptions } from "./languages";
import styles from "./user-menu.module.css";

type Dialog = "company" | "password" | null;

/** The 'User Config' menu (spec section 2): languages, change company/password, Log Out. */
export function UserMenu() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { company } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const languages = languageOptions(company);

  const handleAction = (key: Key) => {
    if (key === "company" || key === "password") setDialog(key);
    else if (key === "logout") {
      logout();
      void navigate({ to: "/login" });
    }
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
      <MenuTrigger>
        <AriaButton className={styles.trigger}>
          <span aria-hidden="true">☰</span>
          {/* The spec's name for this menu, the same in every language. */}
          User Config
        </AriaButton>
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
    </>
  );
}

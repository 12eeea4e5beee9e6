import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef } from "react";
import {
  Button as AriaButton,
  type Key,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from "react-aria-components";
import { PAGE_TITLES } from "../../ui/page-titles";
import type { Tab } from "./tabs";
import styles from "./top-bar-tabs.module.css";
import { useMediaQuery } from "./use-media-query";
import { useTabOverflow } from "./use-tab-overflow";

/** Phones: the tabs live in one menu button. */
export const PHONE_QUERY = "(max-width: 600px)";

const isActive = (tab: Tab, pathname: string) =>
  pathname === tab.to || pathname.startsWith(`${tab.to}/`);

interface TabMenuProps {
  tabs: readonly Tab[];
  label: string;
  /** The trigger's content. */
  children: ReactNode;
  active: Tab | undefined;
}

/** A menu of tabs (react-aria: arrow keys, Enter, Escape); choosing one opens its page. */
function TabMenu({ tabs, label, children, active }: TabMenuProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const handleAction = (key: Key) => {
    const tab = tabs.find((candidate) => candidate.key === key);
    if (tab) void navigate({ to: tab.to });
  };
  return (
    <MenuTrigger>
      <AriaButton className={styles.menuButton} aria-label={label}>
        {children}
      </AriaButton>
      <Popover className={styles.popover} placement="bottom start">
        <Menu className={styles.menu} onAction={handleAction} aria-label={label}>
          {tabs.map((tab) => (
            <MenuItem
              key={tab.key}
              id={tab.key}
              className={tab === active ? `${styles.item} ${styles.current}` : styles.item}
            >
              {i18n._(PAGE_TITLES[tab.key])}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The top bar's tabs on one row: those that fit as links, the rest in a "More" menu (the
 * active tab always stays out); on phones, one "Menu" button with every tab.
 */
export function TopBarTabs({ tabs }: { tabs: readonly Tab[] }) {
  const { i18n, t } = useLingui();
  const pathname = useLocation({ select: (location) => location.pathname });
  const phone = useMediaQuery(PHONE_QUERY);
  const containerRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const activeIndex = tabs.findIndex((tab) => isActive(tab, pathname));
  const active = tabs[activeIndex];
  const layout = useTabOverflow(containerRef, measureRef, phone ? 0 : tabs.length, activeIndex);
  const title = (tab: Tab) => i18n._(PAGE_TITLES[tab.key]);

  if (phone) {
    return (
      <nav className={styles.nav} aria-label={t`Main`}>
        <TabMenu tabs={tabs} label={t`Menu`} active={active}>
          <span aria-hidden="true">▤</span>
          <span className={styles.menuText}>{active ? title(active) : <Trans>Menu</Trans>}</span>
          <span aria-hidden="true">▾</span>
        </TabMenu>
      </nav>
    );
  }

  const overflow = layout.overflow.flatMap((index) => tabs[index] ?? []);
  return (
    <nav className={styles.nav} aria-label={t`Main`}>
      <div ref={containerRef} className={styles.room}>
        <ul className={styles.tabs}>
          {layout.visible.flatMap((index) => {
            const tab = tabs[index];
            if (!tab) return [];
            return (
              <li key={tab.key}>
                <Link to={tab.to} className={styles.tab}>
                  {title(tab)}
                </Link>
              </li>
            );
          })}
          {overflow.length > 0 && (
            <li>
              <TabMenu tabs={overflow} label={t`More`} active={undefined}>
                <Trans>More</Trans>
                <span aria-hidden="true">▾</span>
              </TabMenu>
            </li>
          )}
        </ul>
        {/* The natural width of every tab and of More, for the layout; never seen or read. */}
        <div ref={measureRef} className={styles.measure} aria-hidden="true">
          {tabs.map((tab) => (
            <span key={tab.key} className={styles.tab}>
              {title(tab)}
            </span>
          ))}
          <span className={styles.menuButton}>
            <Trans>More</Trans>
            <span>▾</span>
          </span>
        </div>
      </div>
    </nav>
  );
}

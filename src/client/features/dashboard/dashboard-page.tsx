import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/session/use-session";
import { Icon, type IconName } from "../../ui/icons";
import pageStyles from "../../ui/page.module.css";
import { PAGE_TITLES } from "../../ui/page-titles";
import styles from "./dashboard-page.module.css";
import { dashboardTiles, type TileKey } from "./tiles";

const ICONS: Record<TileKey, IconName> = {
  trucks: "truck",
  expeditions: "outbound",
  receptions: "inbound",
  "critical-lines": "alert",
  "task-list": "tasks",
  bi: "chart",
  board: "board",
  "dock-settings": "clock",
  integrations: "board",
  import: "upload",
  export: "download",
};

/** Home menu (spec section 2): one tile per area; import and export have no action. */
export function DashboardPage() {
  const { i18n } = useLingui();
  const { roles, company } = useSession();
  const tiles = dashboardTiles(roles, company);
  return (
    <section className={pageStyles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={pageStyles.title}>
        {company?.name ?? i18n._(PAGE_TITLES.dashboard)}
      </h1>
      <ul className={styles.grid}>
        {tiles.map((tile) => {
          const name = i18n._(PAGE_TITLES[tile.key]);
          const body = (
            <>
              <span className={styles.icon}>
                <Icon name={ICONS[tile.key]} />
              </span>
              <span className={styles.name}>{name}</span>
            </>
          );
          return (
            <li key={tile.key}>
              {tile.to ? (
                <Link to={tile.to} className={styles.tile}>
                  {body}
                </Link>
              ) : (
                <div className={`${styles.tile} ${styles.disabled}`} aria-disabled="true">
                  {body}
                  <span className={styles.note}>
                    <Trans>Not available</Trans>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

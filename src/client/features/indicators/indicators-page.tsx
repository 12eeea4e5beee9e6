import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useId } from "react";
import { isKioskUser } from "../../../shared/roles";
import { useSession } from "../../lib/session/use-session";
import { LoadingIndicator } from "../../ui/list/loading-indicator";
import { OfflineMarker } from "../../ui/list/offline-marker";
import { pageOf } from "../../ui/list/url-search";
import pageStyles from "../../ui/page.module.css";
import { INDICATOR_VIEWS } from "./api";
import { IndicatorTile } from "./indicator-tile";
import styles from "./indicators.module.css";
import { useIndication } from "./use-indication";

/**
 * /indicators (spec section 2): general annual, general quarterly and area C, each a row of
 * tiles. Kiosk users page through the three views with the kiosk rotation (data-page-count:
 * one page per view, 10 s each); everyone else picks a view with the buttons.
 */
export function IndicatorsPage() {
  const { t } = useLingui();
  const id = useId();
  const { roles, company } = useSession();
  const kiosk = isKioskUser(roles);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const page = Math.min(pageOf(search), INDICATOR_VIEWS.length);
  const view = INDICATOR_VIEWS[page - 1] ?? { area: "G", period: "A" };
  const { saved, offline, loading } = useIndication(String(company?.id ?? ""), view, kiosk);
  const indication = saved?.indication;

  const quarterNames = [t`First quarter`, t`Second quarter`, t`Third quarter`, t`Fourth quarter`];
  const viewNames = [t`General, annual`, t`General, quarterly`, t`Area C`];
  const subtitle = indication
    ? indication.quarter !== null
      ? `${quarterNames[indication.quarter - 1]} ${indication.year}`
      : `${indication.year}`
    : "";
  const previousLabel = view.period === "T" ? t`Previous quarter` : t`Previous year`;

  return (
    <section
      className={`${pageStyles.page} ${styles.page}`}
      aria-labelledby={`${id}-title`}
      data-page={kiosk ? page : undefined}
      data-page-count={kiosk ? INDICATOR_VIEWS.length : undefined}
    >
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={pageStyles.title}>
          <Trans>Indicators</Trans>: {viewNames[page - 1]}
        </h1>
        {subtitle ? (
          <p className={styles.subtitle}>
            {view.area === "C" ? t`Warehouse W1, ${subtitle}` : subtitle}
          </p>
        ) : null}
        {offline ? <OfflineMarker updatedAt={saved?.savedAt ?? null} /> : null}
      </header>
      {kiosk ? null : (
        <nav className={styles.views} aria-label={t`Indicator views`}>
          {viewNames.map((name, index) => (
            <button
              key={name}
              type="button"
              className={styles.viewButton}
              aria-current={index + 1 === page ? "page" : undefined}
              onClick={() => void navigate({ to: "/indicators", search: { page: index + 1 } })}
            >
              {name}
            </button>
          ))}
        </nav>
      )}
      {loading && !indication ? <LoadingIndicator /> : null}
      {indication ? (
        <div className={styles.tiles}>
          {indication.indicators.map((indicator) => (
            <IndicatorTile
              key={indicator.type.key}
              indicator={indicator}
              previousLabel={previousLabel}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

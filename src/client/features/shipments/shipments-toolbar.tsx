import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { FiltersButton } from "../../ui/list/filters-button";
import { SearchBox } from "../../ui/list/search-box";
import styles from "./shipments.module.css";
import { hiddenFilterCount, type ShipmentsSearch } from "./shipments-search";

export interface ShipmentsToolbarProps {
  /** Tablets and phones: a search box and the filters behind a button. */
  compact: boolean;
  /** The filters as the URL holds them. */
  filters: Omit<ShipmentsSearch, "page">;
  /** A delivery note or plate search (URL `search`), undefined when cleared. */
  onSearch: (search: string | undefined) => void;
  /** The filter form; `close` closes the drawer once filters are applied. */
  children: (close: () => void) => ReactNode;
}

/** The desktop filter bar, or on a small screen a delivery note or plate search and a Filters drawer. */
export function ShipmentsToolbar({ compact, filters, onSearch, children }: ShipmentsToolbarProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!compact) return <>{children(() => {})}</>;
  return (
    <search className={styles.toolbar} aria-label={t`Shipment filters`}>
      <SearchBox
        label={t`Delivery note or plate`}
        value={filters.search}
        onSearch={onSearch}
        maxLength={120}
      />
      <FiltersButton count={hiddenFilterCount(filters)} isOpen={open} onOpenChange={setOpen}>
        {children(() => setOpen(false))}
      </FiltersButton>
    </search>
  );
}

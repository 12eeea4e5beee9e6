import type { ReactNode } from "react";
import { onlineAtom, useAtomValue } from "../../lib/store";
import styles from "./list-header.module.css";
import { LoadingIndicator } from "./loading-indicator";
import { OfflineMarker } from "./offline-marker";

/** What a list header tells about its data (the fields of useMirroredList's answer). */
export interface ListHeaderState {
  isLoading: boolean;
  isFetching: boolean;
  isOffline: boolean;
  lastSync: number | null;
}

/**
 * Title row of every list page: the heading, a small spinner while a reload runs over rows
 * already shown, the offline marker, and the page's main action (an "add" link).
 */
export function ListHeader({
  titleId,
  title,
  list,
  action,
}: {
  titleId: string;
  title: ReactNode;
  list: ListHeaderState;
  action?: ReactNode;
}) {
  // The browser going offline shows the marker at once, not at the list's next reload.
  const online = useAtomValue(onlineAtom);
  return (
    <header className={styles.header}>
      <div className={styles.titleRow}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {list.isFetching && !list.isLoading ? <LoadingIndicator inline /> : null}
        {list.isOffline || !online ? <OfflineMarker updatedAt={list.lastSync} /> : null}
      </div>
      {action ? <div className={styles.actions}>{action}</div> : null}
    </header>
  );
}

import { useLingui } from "@lingui/react/macro";
import { Button } from "react-aria-components";
import { Icon } from "../icons";
import { pageWindow } from "./page-window";
import styles from "./pager.module.css";

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  isDisabled?: boolean;
}

/** Previous/next and the current page with up to two pages on each side (spec section 2). */
export function Pager({ page, pageCount, onPageChange, isDisabled = false }: PagerProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  return (
    <nav className={styles.pager} aria-label={t`Pagination`}>
      <Button
        className={styles.button}
        aria-label={t`Previous page`}
        isDisabled={isDisabled || page <= 1}
        onPress={() => onPageChange(page - 1)}
      >
        <Icon name="previous" size={20} />
      </Button>
      {pages.map((number) => (
        <Button
          key={number}
          className={styles.button}
          aria-label={t`Page ${number}`}
          aria-current={number === page ? "page" : undefined}
          isDisabled={isDisabled}
          onPress={() => {
            if (number !== page) onPageChange(number);
          }}
        >
          {number}
        </Button>
      ))}
      <Button
        className={styles.button}
        aria-label={t`Next page`}
        isDisabled={isDisabled || page >= pageCount}
        onPress={() => onPageChange(page + 1)}
      >
        <Icon name="next" size={20} />
      </Button>
    </nav>
  );
}

import styles from "./bi.module.css";

/** The look of BI's tables (ListTable props): a titled box, the caption shown as its title. */
export const DETAIL_TABLE = {
  className: styles.detail,
  wrapClassName: styles.detailWrap,
  captionClassName: styles.detailTitle,
} as const;

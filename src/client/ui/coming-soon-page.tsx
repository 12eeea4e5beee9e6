import { useLingui } from "@lingui/react";
import { ComingSoon } from "./coming-soon";
import { PAGE_TITLES, type PageKey } from "./page-titles";

/** A route's placeholder screen, titled from PAGE_TITLES. */
export function ComingSoonPage({ page }: { page: PageKey }) {
  const { i18n } = useLingui();
  return <ComingSoon title={i18n._(PAGE_TITLES[page])} />;
}

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Titles of the screens, shared by tabs, tiles and page headings (translate with i18n._). */
export const PAGE_TITLES = {
  dashboard: msg`Home`,
  trucks: msg`Trucks`,
  truck: msg`Trucks sign up`,
  expeditions: msg`Expeditions`,
  expedition: msg`Expedition`,
  receptions: msg`Receptions`,
  reception: msg`Reception`,
  "critical-lines": msg`Critical lines`,
  "critical-line": msg`Critical line`,
  "task-list": msg`Task list`,
  bi: msg`BI`,
  indicators: msg`Indicators`,
  alerts: msg`Alerts`,
  users: msg`Users`,
  user: msg`User`,
  "truck-system": msg`Truck check-in`,
  board: msg`Day board`,
  "dock-settings": msg`Dock hours`,
  "import-export": msg`Import and export`,
  integrations: msg`Integrations`,
  import: msg`Import`,
  export: msg`Export`,
} as const satisfies Record<string, MessageDescriptor>;

export type PageKey = keyof typeof PAGE_TITLES;

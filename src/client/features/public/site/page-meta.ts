import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PublicPageName } from "./public-paths";

export interface PageMeta {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/**
 * Title and description of each public page for search engines: in the served HTML (the
 * build prerenders each page in English, scripts/vite-prerender.ts) and set again by the
 * page when the visitor switches language.
 */
export const PAGE_META: Record<PublicPageName, PageMeta> = {
  landing: {
    title: msg`Yardline · Yard and dock management for logistics`,
    description: msg`Plan expeditions and receptions on dock hours, notify carriers by SMS, follow every truck in real time, even offline.`,
  },
  contact: {
    title: msg`Contact · Yardline`,
    description: msg`Ask for a demonstration of Yardline with your own yard, docks and trucks.`,
  },
  terms: {
    title: msg`Terms and conditions · Yardline`,
    description: msg`Conditions of use of the Yardline yard and dock management service.`,
  },
  privacy: {
    title: msg`Privacy policy · Yardline`,
    description: msg`What personal data Yardline processes, why, for how long, and your rights.`,
  },
};

import { STATUS } from "./contract/status";

/**
 * Company rules for the status list (spec section 4), applied by the server to api/status and
 * by the client wherever it lists statuses (pickers, the status filter):
 *
 * - kl: status 3 (issued) is hidden unless the user chose "show issued".
 * - bw: statuses 11 and 4 are dropped; the rest is ordered 998, 10, 1, 3, 2, then any other
 *   in its default order. Only bw's list holds its special status attention_req (13).
 *
 * Any other company sees every other status of the type in its default order.
 */
export const KL = "kl";
export const BW = "bw";

const BW_DROPPED: readonly number[] = [11, STATUS.expeditionIncidence];
const BW_ORDER: readonly number[] = [998, 10, 1, 3, 2];

export interface StatusRuleOptions {
  /** The company's special-behaviour code ("kl", "bw") or null. */
  companyCode: string | null;
  /** kl only: include status 3 (issued). */
  showIssued?: boolean;
}

interface Ordered {
  id: number;
  ordering: number;
}

/**
 * kl's issued rule, which also applies to the expeditions list itself: lines in status 3 are
 * left out unless "show issued" is chosen (or the status filter names 3).
 */
export function hidesIssued(options: StatusRuleOptions): boolean {
  return options.companyCode === KL && !options.showIssued;
}

/** Ids of the statuses the company's status list leaves out. */
export function hiddenStatusIds(options: StatusRuleOptions): number[] {
  if (options.companyCode === BW) return [...BW_DROPPED];
  if (hidesIssued(options)) return [STATUS.issued, STATUS.attentionReq];
  return [STATUS.attentionReq];
}

/** The statuses the company offers, filtered and ordered by its rules; the input is kept. */
export function statusesFor<T extends Ordered>(
  statuses: readonly T[],
  options: StatusRuleOptions,
): T[] {
  const hidden = new Set(hiddenStatusIds(options));
  const visible = statuses
    .filter((status) => !hidden.has(status.id))
    .sort((a, b) => a.ordering - b.ordering || a.id - b.id);
  if (options.companyCode !== BW) return visible;
  const rank = (status: T) => {
    const index = BW_ORDER.indexOf(status.id);
    return index === -1 ? BW_ORDER.length : index;
  };
  // Array.prototype.sort is stable: statuses outside BW_ORDER keep their default order.
  return visible.sort((a, b) => rank(a) - rank(b));
}

import type { Executor } from "./database";
import { PLAIN, TRW } from "./demo-data";
import { checkInPages } from "./schema/check-ins";

/**
 * Demo public self check-in pages (issue 15): /check-in/<token> works out of the box for the
 * companies the truck access user works in. Fixed tokens for the demo only: an office user
 * gives a page a new address from the terminal's poster dialog, which revokes these.
 */
export const DEMO_CHECK_IN_TOKENS: Readonly<Record<string, string>> = {
  [PLAIN]: "demo-yardline-gate",
  [TRW]: "demo-trw-logistics-gate",
};

export async function seedDemoCheckInPages(
  db: Executor,
  companyIds: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = Object.entries(DEMO_CHECK_IN_TOKENS).flatMap(([name, token]) => {
    const companyId = companyIds.get(name);
    return companyId === undefined ? [] : [{ companyId, token }];
  });
  if (rows.length > 0) await db.insert(checkInPages).values(rows);
}

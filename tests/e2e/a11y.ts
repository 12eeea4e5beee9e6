import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const BLOCKING = new Set(["serious", "critical"]);

export interface A11yOptions {
  /** CSS selectors to leave out (third-party widgets, say). */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Fails with a readable list when axe finds serious or critical violations on the page. One
 * step ("axe") in reports and traces, so its share of a journey's time shows.
 *
 * axe runs once, in the page (legacy mode): the app has no frames, and the default (a partial
 * run per frame, then a second axe in a new blank page of the context to merge them) cost a
 * page and an axe injection per check for nothing. Only violations are worked out node by node
 * (`resultTypes`): passes and incomplete results, which nothing here reads, stop at one node
 * per rule.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: A11yOptions = {},
): Promise<void> {
  await test.step("axe", async () => {
    let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
    const { violations } = await builder.analyze();
    const blocking = violations
      .filter((v) => v.impact != null && BLOCKING.has(v.impact))
      .map((v) => {
        const targets = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}`);
        return `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${targets.join("\n")}`;
      });
    expect(blocking, `serious or critical axe violations on ${page.url()}`).toEqual([]);
  });
}

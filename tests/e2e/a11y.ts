import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";
import type Axe from "axe-core";

const BLOCKING = new Set(["serious", "critical"]);

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

export interface A11yOptions {
  /** CSS selectors to leave out (third-party widgets, say). */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
}

/** What a check sends into the page: selectors left out and rules switched off. */
interface AxeRun {
  exclude: string[][];
  disabled: string[];
}

/**
 * axe-core in the page, injected only when the page has none yet: once per document, so the
 * checks of one page (a journey that checks, acts in the app and checks again) parse its 650 KB
 * once. @axe-core/playwright injected and compiled it for every check: five sixths of a check of
 * a small page (620 of 740 ms on the dashboard, axe's own run 70-120 ms) and 30 of the 90
 * Chromium CPU-s of the roles journeys.
 */
async function axeIn(page: Page): Promise<void> {
  const present = await page.evaluate(() => "axe" in window);
  if (!present) await page.evaluate(AXE_SOURCE);
}

/**
 * Fails with a readable list when axe finds serious or critical violations on the page. One
 * step ("axe") in reports and traces, so its share of a journey's time shows.
 *
 * axe runs in the page's document (the app has no frames). Only violations are worked out node
 * by node (`resultTypes`): passes and incomplete results, which nothing here reads, stop at one
 * node per rule.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: A11yOptions = {},
): Promise<void> {
  await test.step("axe", async () => {
    await axeIn(page);
    const run: AxeRun = {
      exclude: (options.exclude ?? []).map((selector) => [selector]),
      disabled: options.disableRules ?? [],
    };
    const { violations } = await page.evaluate(({ exclude, disabled }: AxeRun) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      return axe.run(exclude.length > 0 ? { exclude } : document, {
        resultTypes: ["violations"],
        rules: Object.fromEntries(disabled.map((rule) => [rule, { enabled: false }])),
      });
    }, run);
    const blocking = violations
      .filter((v) => v.impact != null && BLOCKING.has(v.impact))
      .map((v) => {
        const targets = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}`);
        return `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${targets.join("\n")}`;
      });
    expect(blocking, `serious or critical axe violations on ${page.url()}`).toEqual([]);
  });
}

import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";

/** The page's axe, as the check left it, with a mark this test sets. */
type MarkedAxe = { axe: { marked?: boolean } };

/**
 * The axe check itself (a11y.ts): it must refuse a page with a serious violation, pass a clean
 * one, honour its options, and inject axe once per document. No server page: set content.
 */
test("the axe check refuses serious violations, passes a clean page and injects axe once", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>Yard</h1><img src="data:," class="bad"></main></body></html>',
  );
  const refused = await expectNoSeriousA11yViolations(page).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(refused).toContain("critical image-alt");
  // The violation and its node (the only image), as the failure lists them.
  expect(refused.slice(refused.indexOf("critical image-alt"))).toMatch(/\bimg\b/);
  await expectNoSeriousA11yViolations(page, { exclude: [".bad"] });
  await expectNoSeriousA11yViolations(page, { disableRules: ["image-alt"] });
  // One axe for the document: the checks above reused it.
  await page.evaluate(() => {
    (window as unknown as MarkedAxe).axe.marked = true;
  });
  await expectNoSeriousA11yViolations(page, { exclude: [".bad"] });
  expect(await page.evaluate(() => (window as unknown as MarkedAxe).axe.marked)).toBe(true);

  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>Yard</h1></main></body></html>',
  );
  await expectNoSeriousA11yViolations(page);
});

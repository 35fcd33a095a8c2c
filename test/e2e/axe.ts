import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core on the page as it is now (after whatever the test did): its serious and critical violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, as axe-core's own docs do, which the app's CSP does
  // not govern. (addScriptTag, with a script file of the app's origin, failed now and then: it
  // fails on any CSP violation event that fires while its script loads, whatever caused it.)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // A dialog fades in (0.15 s): measured mid-way, its text's contrast is that of a half-opaque
  // layer. Wait for the finite animations (not a spinner's) to end first.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))),
  );
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(o: object): Promise<{ violations: AxeViolation[] }> } }).axe.run({
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export const describeViolations = (list: AxeViolation[]) =>
  list.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
  /** The colour scheme the page was audited in (runAxe audits both). */
  theme?: 'light' | 'dark';
}

type Scheme = 'light' | 'dark';

/**
 * Waits until what moves has stopped: sonner's toasts shown (`data-mounted="true"`, or gone) and
 * every finite animation and transition ended (not a spinner's). A dialog fades in (0.15 s) and a
 * toast slides in (0.4 s): measured mid-way, their text's contrast is that of a half-opaque layer.
 * Looked at again until a frame shows nothing new (a toast mounted meanwhile starts its own).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-sonner-toast]')].every((toast) => toast.getAttribute('data-mounted') === 'true'));
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Bounded: a page that keeps starting finite animations is audited as it is after a while.
    for (let round = 0; round < 20; round++) {
      const moving = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (moving.length === 0) return;
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
      await frame();
    }
  });
}

/**
 * axe-core on the page as it is now (after whatever the test did): its serious and critical
 * violations, in the light and in the dark colour scheme (issue 26: AA contrast in both themes).
 * A page on the `auto` theme (no `data-theme` on <html>, the default) follows the emulated
 * `prefers-color-scheme`; a page with a chosen theme is audited in that one only. The audit runs
 * with reduced motion (the app's and sonner's transitions then last 0.01 ms), so a toast that
 * appears or leaves while axe reads the page is never half-transparent; both are restored after.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, as axe-core's own docs do, which the app's CSP does
  // not govern. (addScriptTag, with a script file of the app's origin, failed now and then: it
  // fails on any CSP violation event that fires while its script loads, whatever caused it.)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const before = await page.evaluate(() => ({
    scheme: (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') as Scheme,
    reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
    chosen: (document.documentElement.dataset.theme ?? null) as Scheme | null,
  }));
  const schemes: Scheme[] = before.chosen ? [before.chosen] : ['light', 'dark'];
  const found: AxeViolation[] = [];
  try {
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: before.chosen ? before.scheme : scheme, reducedMotion: 'reduce' });
      await settle(page);
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(o: object): Promise<{ violations: AxeViolation[] }> } }).axe.run({
          resultTypes: ['violations'],
        });
        return result.violations;
      });
      found.push(...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ ...v, theme: scheme })));
    }
  } finally {
    await page.emulateMedia({ colorScheme: before.scheme, reducedMotion: before.reduced ? 'reduce' : 'no-preference' });
  }
  return found;
}

export const describeViolations = (list: AxeViolation[]) =>
  list.map((v) => `${v.theme ? `[${v.theme}] ` : ''}${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);

/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The dark theme is written twice in global.css: under `prefers-color-scheme: dark` (the `auto`
 * theme on a dark system) and for `data-theme="dark"` (chosen). The browser suite's axe runs the
 * first; this holds the second equal to it, so both meet the same contrast.
 */
describe('global.css dark theme', () => {
  // By path (vitest runs in frontend/; `css: false` empties a CSS import).
  const css = readFileSync(join(process.cwd(), 'src/styles/global.css'), 'utf8');

  /** The custom properties declared in the block that follows `selector`. */
  function properties(selector: string): Record<string, string> {
    const start = css.indexOf(selector);
    expect(start).toBeGreaterThanOrEqual(0);
    const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
    return Object.fromEntries([...body.matchAll(/(--[\w-]+|color-scheme):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  }

  it('declares the same dark values for the system’s dark and the chosen dark', () => {
    const system = properties(":root:not([data-theme='light']) {");
    const chosen = properties(":root[data-theme='dark'] {");
    expect(Object.keys(system).length).toBeGreaterThan(20);
    expect(chosen).toEqual(system);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The list the frontend build writes beside index.html (frontend/src/app/spa-routes.ts). */
export const SPA_ROUTES_FILE = 'spa-routes.json';

/**
 * A predicate for React Router patterns as the router matches them: case-insensitively, with or
 * without a trailing slash; `:name` is one non-empty segment, `:name?` an optional one, and a
 * final `*` any rest (also none, as `/admin/*` matches `/admin`).
 */
export function compileSpaRoutes(patterns: readonly string[]): (path: string) => boolean {
  const sources = patterns.map((pattern) => {
    const segments = pattern.split('/').filter(Boolean);
    let source = '';
    for (const segment of segments) {
      if (segment === '*') source += '(?:/.*)?';
      else if (/^:\w+\?$/.test(segment)) source += '(?:/[^/]+)?';
      else if (/^:\w+$/.test(segment)) source += '/[^/]+';
      else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
    return `${source}/?`;
  });
  const regex = new RegExp(`^(?:${sources.join('|')})$`, 'i');
  return (path) => regex.test(path);
}

/** The built SPA's routes, or undefined for a build without the list (then no path is a 404). */
export function loadSpaRoutes(dist: string): ((path: string) => boolean) | undefined {
  const file = join(dist, SPA_ROUTES_FILE);
  if (!existsSync(file)) return undefined;
  const patterns: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string')) {
    throw new Error(`${file}: bir yol listesi bekleniyordu`);
  }
  return compileSpaRoutes(patterns);
}

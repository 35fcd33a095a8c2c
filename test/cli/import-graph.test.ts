import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importGraph } from '../../scripts/import-graph.mjs';
import { repoRoot } from '../support/server';

/**
 * `node scripts/import-graph.mjs`, which CI runs after lint: it passes on the repository as it is,
 * and it sees a circle and an import running back up in a tree made to have them.
 */
describe('import graph', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gundem-import-graph-'));
    const file = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // main → users → config, and config reaching back up into users: a module circle.
    file('main.ts', "import { user } from './users/user';\nexport const main = user;\n");
    file('users/user.ts', "import { config } from '../config/config';\nexport const user = config;\n");
    file('config/config.ts', "import '../users/side-effect';\nexport const config = 1;\n");
    file('users/side-effect.ts', "import { config } from '../config/config';\nexport const side = config;\n");
    // A spec may import across floors: it is left out.
    file('config/config.spec.ts', "import { main } from '../main';\nvoid main;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the circle and the import running back up, a side-effect import included, and leaves tests out', () => {
    const report = importGraph(dir, 'main');
    expect(report.files).toBe(4);
    expect(report.moduleCircles).toEqual([expect.arrayContaining(['config', 'users'])]);
    expect(report.fileCircles).toEqual([['config/config.ts', 'users/side-effect.ts']]);
    expect(report.backUp).toEqual([expect.objectContaining({ from: 'config', to: 'users' })]);
  });

  it('passes on the repository: no circle, nothing running back up (exit 0)', () => {
    const run = spawnSync(process.execPath, ['scripts/import-graph.mjs'], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^backend: \d+ files/);
    expect(run.stdout).toContain('imports running back up: 0; module circles: 0; file circles: 0');
  });
});

// `npm test`: every suite in turn, then one line `N passed, N failed` (what CI reads).
// `npm test -- backend frontend` runs only the named suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const jest = ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js')];
const suites = [
  { name: 'backend', cwd: join(root, 'backend'), cmd: process.execPath, args: (out) => [...jest, '--json', `--outputFile=${out}`] },
  {
    name: 'frontend',
    cwd: join(root, 'frontend'),
    cmd: join(root, 'node_modules/.bin/vitest'),
    args: (out) => ['run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
  },
  {
    name: 'cross-cutting',
    cwd: root,
    before: () => buildIfNeeded(),
    cmd: process.execPath,
    args: (out) => [...jest, '--config', 'test/jest.config.mjs', '--json', `--outputFile=${out}`],
  },
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? suites.filter((s) => wanted.includes(s.name)) : suites;
if (!selected.length) {
  console.error(`Bilinmeyen test grubu: ${wanted.join(', ')} (seçenekler: ${suites.map((s) => s.name).join(', ')})`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'gundem-test-report-'));
const rows = [];
for (const suite of selected) {
  console.log(`\n━━━ ${suite.name} ━━━`);
  try {
    suite.before?.();
  } catch (error) {
    console.error(error.message);
    rows.push({ name: suite.name, passed: 0, failed: 1, skipped: 0, seconds: '0.0' });
    continue;
  }
  const out = join(dir, `${suite.name}.json`);
  const started = Date.now();
  const run = spawnSync(suite.cmd, suite.args(out), { cwd: suite.cwd, stdio: 'inherit', env: process.env });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  // A runner that crashed or exited non-zero without reporting a failure still counts as one.
  if (run.status !== 0 && failed === 0) failed = 1;
  rows.push({ name: suite.name, passed, failed, skipped, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
rmSync(dir, { recursive: true, force: true });

const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\nÖzet:');
for (const r of rows) console.log(`  ${r.name.padEnd(14)} ${String(r.passed).padStart(4)} geçti  ${String(r.failed).padStart(3)} kaldı  ${r.seconds}s`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed ? 1 : 0);

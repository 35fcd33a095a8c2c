// `npm test`: every suite, then the slowest test files of each suite, then one line
// `N passed, N failed` (what CI reads). The backend (two jest workers) and the frontend (one
// vitest worker) run side by side, then the cross-cutting suite (two jest workers, which mostly
// wait for Chromium and the servers they started); a suite that shares its stage has its output
// printed whole when it ends.
//
//   npm test -- backend frontend          only the named suites, one after the other
//   npm test -- cross-cutting:test/e2e/   a suite narrowed to the test files whose path matches
//   npm test -- --parallel backend server the named suites at the same time
//   npm test -- --serial                  every suite, one after the other
//   npm test -- --stage 2                 only the second stage of the default pairing (CI runs
//                                         each stage as a phase of its own, see .ci/run)
//   npm test -- --repeat 3 …              the selection 3 times in a row (test:stress uses it)
//   npm test -- --slowest 40              how many of the slowest files to list (20; 0: none)
//
// Suites: backend (unit + API against real PostgreSQL/Redis), frontend (vitest), cross-cutting
// (the built server: smoke, CLI, lifecycle, faults, realtime across nodes, the browser journeys),
// and server (cross-cutting narrowed to the built server's smoke and CLI tests, the benchmark's
// test excepted).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const jest = ['--experimental-vm-modules', join(root, 'node_modules/jest/bin/jest.js')];
const crossCutting = (out, pattern) => [
  ...jest,
  '--config',
  'test/jest.config.mjs',
  '--json',
  `--outputFile=${out}`,
  ...(pattern ? ['--testPathPatterns', pattern] : []),
];
const suites = {
  backend: {
    cwd: join(root, 'backend'),
    cmd: process.execPath,
    args: (out, pattern) => [...jest, '--json', `--outputFile=${out}`, ...(pattern ? ['--testPathPatterns', pattern] : [])],
  },
  frontend: {
    cwd: join(root, 'frontend'),
    cmd: join(root, 'node_modules/.bin/vitest'),
    args: (out, pattern) => ['run', '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...(pattern ? [pattern] : [])],
  },
  'cross-cutting': { cwd: root, before: () => buildIfNeeded(), cmd: process.execPath, args: crossCutting },
  // The benchmark's test is left out: it measures (three minutes on a busy host) and is no smoke test.
  server: { cwd: root, before: () => buildIfNeeded(), cmd: process.execPath, args: (out) => crossCutting(out, 'test/(smoke|cli)/(?!bench\\.)') },
};

const argv = process.argv.slice(2);
const parallelFlag = argv.includes('--parallel');
const serial = argv.includes('--serial');
const repeatAt = argv.indexOf('--repeat');
const repeat = repeatAt >= 0 ? Number(argv[repeatAt + 1]) : 1;
const slowestAt = argv.indexOf('--slowest');
const slowest = slowestAt >= 0 ? Number(argv[slowestAt + 1]) : 20;
const stageAt = argv.indexOf('--stage');
const onlyStage = stageAt >= 0 ? Number(argv[stageAt + 1]) : undefined;
const flagValues = new Set([repeatAt, slowestAt, stageAt].filter((i) => i >= 0).map((i) => i + 1));
const wanted = argv.filter((a, i) => !a.startsWith('--') && !flagValues.has(i));
if (!Number.isInteger(repeat) || repeat < 1 || !Number.isInteger(slowest) || slowest < 0) {
  console.error('--repeat ve --slowest pozitif bir tam sayı ister.');
  process.exit(2);
}
const selected = (wanted.length ? wanted : ['backend', 'frontend', 'cross-cutting']).map((spec) => {
  const at = spec.indexOf(':');
  const name = at < 0 ? spec : spec.slice(0, at);
  return { name, label: spec, pattern: at < 0 ? undefined : spec.slice(at + 1), ...suites[name] };
});
const unknown = selected.filter((s) => !s.cmd).map((s) => s.name);
if (unknown.length) {
  console.error(`Bilinmeyen test grubu: ${unknown.join(', ')} (seçenekler: ${Object.keys(suites).join(', ')})`);
  process.exit(2);
}
// Stages run one after the other; the suites of a stage run at the same time. By default (and as
// CI runs them, one stage a phase): the backend beside the frontend, then the cross-cutting suite.
// All three at once starved the frontend's one vitest worker (951 s against 189 s alone, and a lazy
// screen's first load outlasted its wait) and gained nothing: the browser suite alone takes 555 s.
const byName = (name) => selected.find((s) => s.name === name);
const pairing = [[byName('backend'), byName('frontend')], [byName('cross-cutting')]];
if (onlyStage !== undefined && (wanted.length || !Number.isInteger(onlyStage) || !pairing[onlyStage - 1])) {
  console.error(`--stage 1 ile ${pairing.length} arasında bir sayı ister ve test grubu adıyla birlikte verilmez.`);
  process.exit(2);
}
const stages = wanted.length
  ? parallelFlag
    ? [selected]
    : selected.map((s) => [s])
  : serial
    ? selected.map((s) => [s])
    : onlyStage !== undefined
      ? [pairing[onlyStage - 1]]
      : pairing;

const dir = mkdtempSync(join(tmpdir(), 'gundem-test-report-'));

/** Passed, failed and skipped counts and each file's seconds, from a jest or vitest JSON report. */
function readReport(out) {
  if (!existsSync(out)) return { passed: 0, failed: 0, skipped: 0, files: [] };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const files = (report.testResults ?? []).map((r) => ({
    file: relative(root, r.name ?? r.testFilePath ?? ''),
    seconds: ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
  }));
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    files,
  };
}

/** Runs one suite; when it shares its stage, its output is kept and printed whole when it ends. */
function runSuite(suite, round, parallel) {
  return new Promise((resolve) => {
    const heading = `\n━━━ ${suite.label}${repeat > 1 ? ` (tur ${round}/${repeat})` : ''} ━━━`;
    const started = Date.now();
    const out = join(dir, `${suite.label.replace(/[^\w-]+/g, '_')}-${round}.json`);
    const finish = (status, buffered) => {
      if (buffered !== undefined) process.stdout.write(`${heading}\n${buffered}`);
      const report = readReport(out);
      // A runner that crashed or exited non-zero without reporting a failure still counts as one.
      if (status !== 0 && report.failed === 0) report.failed = 1;
      resolve({ ...report, name: suite.label, seconds: (Date.now() - started) / 1000 });
    };
    if (!parallel) console.log(heading);
    const child = spawn(suite.cmd, suite.args(out, suite.pattern), {
      cwd: suite.cwd,
      stdio: parallel ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    let buffered = '';
    child.stdout?.on('data', (chunk) => (buffered += chunk));
    child.stderr?.on('data', (chunk) => (buffered += chunk));
    child.on('error', (error) => {
      buffered += `${error.message}\n`;
    });
    child.on('close', (code) => finish(code ?? 1, parallel ? buffered : undefined));
  });
}

const rows = [];
for (let round = 1; round <= repeat; round++) {
  for (const stage of stages.filter((s) => s.length)) {
    // Builds first, one at a time: two suites must not build the same output at once.
    const ready = [];
    for (const suite of stage) {
      try {
        suite.before?.();
        ready.push(suite);
      } catch (error) {
        console.error(error.message);
        rows.push({ name: suite.label, passed: 0, failed: 1, skipped: 0, files: [], seconds: 0 });
      }
    }
    rows.push(...(await Promise.all(ready.map((s) => runSuite(s, round, ready.length > 1)))));
  }
}
rmSync(dir, { recursive: true, force: true });

if (slowest > 0) {
  for (const r of rows) {
    const files = [...r.files].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
    if (!files.length) continue;
    console.log(`\nEn yavaş ${files.length} dosya — ${r.name} (saniye):`);
    for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(6)}  ${f.file}`);
  }
}

const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\nÖzet:');
for (const r of rows) {
  console.log(`  ${r.name.padEnd(14)} ${String(r.passed).padStart(4)} geçti  ${String(r.failed).padStart(3)} kaldı  ${r.seconds.toFixed(1)}s`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed ? 1 : 0);

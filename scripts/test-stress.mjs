// `npm run test:stress`: the realtime and browser suites three times in a row on a loaded machine,
// to find the flakes a busy CI host would meet before CI does. One busy-loop process per core runs
// beside the tests for the whole time (`--load N` for another count, `--repeat N` for other rounds;
// other arguments are suites as `npm test` takes them). A flake it finds is fixed at its cause:
// the test waits for the event it needs, never for a fixed time.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './build-if-needed.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  argv.splice(at, 2);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} bir tam sayı ister.`);
    process.exit(2);
  }
  return value;
};
const load = option('--load', availableParallelism());
const repeat = option('--repeat', 3);
const suites = argv.length
  ? argv
  : ['backend:(realtime|socket|session-end)', 'cross-cutting:test/(e2e|realtime)/'];

// A busy loop per core at the tests' own priority: what a neighbour on a shared CI host does.
const burners = Array.from({ length: load }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

console.log(`[stress] ${load} meşgul süreç çalışıyor; ${suites.join(' ')} ×${repeat}`);
const run = spawn(process.execPath, [join(root, 'scripts/test.mjs'), '--repeat', String(repeat), ...suites], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
run.on('close', (code) => {
  stopBurners();
  process.exit(code ?? 1);
});

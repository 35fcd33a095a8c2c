// Builds the contract, frontend and/or backend only when their output is missing or older than the
// sources. The contract comes first: the built backend loads its constants from contract/dist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const targets = [
  {
    name: 'contract',
    output: join(root, 'contract/dist/index.js'),
    sources: 'contract/src',
    inputs: ['contract/src', 'contract/package.json', 'contract/tsconfig.json'],
  },
  {
    name: 'frontend',
    // Both outputs of its build: the served app and the server render of a guest's `/`.
    output: [join(root, 'frontend/dist/index.html'), join(root, 'frontend/dist-ssr/entry-server.mjs')],
    sources: 'frontend/src',
    inputs: ['contract/src', 'frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/package.json'],
  },
  {
    name: 'backend',
    output: join(root, 'backend/dist/main.js'),
    sources: 'backend/src',
    inputs: ['contract/src', 'backend/src', 'backend/package.json', 'backend/tsconfig.json', 'nest-cli.json'],
  },
];

export function buildIfNeeded({ force = false } = {}) {
  for (const target of targets) {
    // The oldest of its outputs; 0 when one is missing (a build from before dist-ssr/ existed).
    const outputs = [target.output].flat();
    const built = outputs.every((file) => existsSync(file)) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
    // Built output without its sources is a deployed copy (the Docker image): nothing to build from.
    if (built && !existsSync(join(root, target.sources))) continue;
    const source = Math.max(...target.inputs.map((p) => newest(join(root, p))));
    if (!force && built && built >= source) continue;
    console.log(`[gündem] ${target.name} derleniyor…`);
    // A production build whoever asks: jest sets NODE_ENV=test, and Vite would then bundle React's
    // development build (184 KB gzip instead of 117 for /, StrictMode's doubled effects).
    const env = { ...process.env, NODE_ENV: 'production' };
    const result = spawnSync('npm', ['run', 'build', '-w', target.name], { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`[gündem] ${target.name} derlenemedi.`);
  }
}

/** For the command-line scripts: build, or print why not and exit non-zero. */
export function buildOrExit() {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

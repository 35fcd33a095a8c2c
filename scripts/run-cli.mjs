// `npm run seed|user:create|bench -- …`: runs a compiled backend CLI (or the benchmark) with the given arguments.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildOrExit, root } from './build-if-needed.mjs';

const [name, ...args] = process.argv.slice(2);
buildOrExit();

if (name === 'bench') {
  // The benchmark is TypeScript in test/load, compiled on each run (about 3 s).
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'test/load/tsconfig.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('[gündem] benchmark derlenemedi.');
    process.exit(1);
  }
  // 40,000 sockets need far more than the default 1,024 file descriptors; raise the soft limit
  // to the hard one (root may raise both) for the benchmark and the nodes it starts.
  const script = join(root, 'test/load/dist/bench.js');
  const quoted = [script, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const shell = `ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "${process.execPath}" ${quoted}`;
  const child = spawn('sh', ['-c', shell], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  const script = join(root, 'backend/dist/cli', `${name}.js`);
  if (!existsSync(script)) {
    console.error(`Bilinmeyen komut: ${name}`);
    process.exit(2);
  }
  const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
}

// `npm run seed|user:create|bench -- …`: runs a compiled backend CLI with the given arguments.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildOrExit, root } from './build-if-needed.mjs';

const [name, ...args] = process.argv.slice(2);
buildOrExit();
const script = name === 'bench' ? join(root, 'test/load/bench.mjs') : join(root, 'backend/dist/cli', `${name}.js`);
if (!existsSync(script)) {
  console.error(`Bilinmeyen komut: ${name}`);
  process.exit(2);
}
const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));

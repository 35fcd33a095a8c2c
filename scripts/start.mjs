// `npm start`: build what is not built, then run the server (it starts the embedded database,
// migrates and seeds by itself). Signals go to the server so Ctrl-C stops PostgreSQL cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildOrExit, root } from './build-if-needed.mjs';

buildOrExit();
const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  output(): string;
  /** Sends SIGINT (or `signal`) and resolves with the exit code; removes DATA_DIR unless told to keep it. */
  stop(options?: { keepData?: boolean; signal?: NodeJS.Signals }): Promise<number | null>;
}

/**
 * Servers started and not yet exited. A test that fails or times out before its `stop()` would
 * otherwise leave its server running after jest ends (an overloaded CI run left two for 90
 * minutes): they are sent SIGTERM, the server's own clean shutdown, when this worker exits.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

/**
 * Starts the built server (`backend/dist/main.js`) as a user would, on a free port, with its
 * own DATA_DIR. Without `env.DATABASE_URL` it runs on its own embedded PostgreSQL.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: { dataDir?: string; timeoutMs?: number; /** Another built copy's main.js (test/lifecycle/root-home). */ main?: string } = {},
): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gundem-server-'));
  chmodSync(dataDir, 0o755);
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, PORT: '0', DATA_DIR: dataDir, ...env })) {
    if (v !== undefined) childEnv[k] = v;
  }
  const child: ChildProcess = spawn(process.execPath, [options.main ?? join(repoRoot, 'backend/dist/main.js')], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill('SIGTERM');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const match = /gündem çalışıyor: (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => out,
    async stop(stopOptions = {}) {
      if (child.exitCode === null) child.kill(stopOptions.signal ?? 'SIGINT');
      const code = await exited;
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

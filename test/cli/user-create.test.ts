import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { repoRoot, type RunningServer, startServer } from '../support/server';

/** `npm run user:create` as docs/wire-contract.md#command-line fixes it, on the embedded database of a DATA_DIR. */
describe('npm run user:create', () => {
  let dataDir: string;
  const env = () => {
    const e: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') e[k] = v;
    return { ...e, DATA_DIR: dataDir };
  };
  const run = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'user:create', '--', ...args], { cwd: repoRoot, env: env(), encoding: 'utf8' });

  beforeAll(() => {
    buildIfNeeded();
    dataDir = mkdtempSync(join(tmpdir(), 'gundem-cli-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop({ keepData: true });
    server = undefined;
  });

  it('creates an active, e-mail-verified account and prints its id', async () => {
    const res = run('--username', 'yonetici2', '--email', 'yonetici2@ornek.com', '--password', 'gizli123', '--display-name', 'İkinci Yönetici', '--role', 'admin');
    expect(res.status).toBe(0);
    const { id } = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The server on the same DATA_DIR logs the account in.
    server = await startServer({ DATABASE_URL: undefined, SEED_DEMO: 'false' }, { dataDir });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'yonetici2', password: 'gizli123' }),
    });
    expect(login.status).toBe(200);
    const { user } = await login.json();
    expect(user).toMatchObject({ id, role: 'admin', displayName: 'İkinci Yönetici', isActive: true, isEmailVerified: true });

    // While that server runs, the command reuses its database instead of starting another.
    const again = run('--username', 'ucuncu', '--email', 'ucuncu@ornek.com', '--password', 'gizli123');
    expect(again.status).toBe(0);
  });

  it('exits non-zero with a message when the username or e-mail is taken', () => {
    const name = run('--username', 'YONETICI2', '--email', 'baska@ornek.com', '--password', 'gizli123');
    expect(name.status).not.toBe(0);
    expect(name.stderr).toContain('Bu kullanıcı adı zaten alınmış.');
    const mail = run('--username', 'baska', '--email', 'Yonetici2@ornek.com', '--password', 'gizli123');
    expect(mail.status).not.toBe(0);
    expect(mail.stderr).toContain('Bu e-posta adresi zaten kayıtlı.');
  });

  it('refuses bad input before touching the database', () => {
    expect(run('--username', 'a.b', '--email', 'x@ornek.com', '--password', 'gizli123').stderr).toContain(
      'Sadece harf, rakam ve alt çizgi kullanabilirsiniz',
    );
    expect(run('--username', 'abc', '--email', 'x@ornek.com', '--password', 'gizli123', '--role', 'kral').status).not.toBe(0);
    expect(run('--email', 'x@ornek.com').stderr).toContain('zorunludur');
  });
});

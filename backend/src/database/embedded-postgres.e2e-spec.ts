import { appendFileSync, chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  embeddedPackage,
  importEmbeddedPostgres,
  LEGACY_PASSWORD,
  passwordFileOf,
  readOrCreatePassword,
  RESTART_LIMIT,
  startEmbeddedPostgres,
} from './embedded-postgres';

const isRoot = process.getuid?.() === 0;

async function canConnect(url: string): Promise<true | string> {
  const client = new Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/** A cluster as every release before generated passwords made it: `postgres`/`postgres`, `--auth=password`. */
async function initLegacyCluster(dir: string): Promise<void> {
  // From where the server would load it: as root in a 0700 home, its copy the postgres user can reach.
  const EmbeddedPostgres = await importEmbeddedPostgres(embeddedPackage().module);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: 54_000 + Math.floor(Math.random() * 900),
    user: 'postgres',
    password: LEGACY_PASSWORD,
    authMethod: 'password',
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
}

describe('embedded PostgreSQL secrets', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'gundem-embedded-'));
    // As root the cluster runs as the postgres system user, which must enter this folder.
    chmodSync(root, 0o755);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('generates a random password once into a 0600 file', () => {
    const file = join(root, 'postgres-password');
    const first = readOrCreatePassword(file);
    const second = readOrCreatePassword(file);
    expect(first.created).toBe(true);
    expect(second).toEqual({ password: first.password, created: false });
    expect(first.password).not.toBe(LEGACY_PASSWORD);
    expect(first.password.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreatePassword(join(root, 'other-password')).password).not.toBe(first.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a new cluster refuses postgres:postgres, answers its file password, and again after a restart', async () => {
    const dir = join(root, 'postgres');
    const db = await startEmbeddedPostgres(dir, { database: 'gundem' });
    try {
      const password = readFileSync(passwordFileOf(dir), 'utf8').trim();
      expect(statSync(passwordFileOf(dir)).mode & 0o777).toBe(0o600);
      expect(await canConnect(db.url)).toBe(true);
      expect(new URL(db.url).password).toBe(encodeURIComponent(password));
      // 28P01: invalid_password — the old default opens nothing.
      expect(await canConnect(withPassword(db.url, LEGACY_PASSWORD))).toBe('28P01');
      // Every pg_hba.conf line asks for SCRAM; none trusts a local user.
      const hba = readFileSync(join(dir, 'pg_hba.conf'), 'utf8').split('\n').filter((l) => /^\s*(local|host)/.test(l));
      expect(hba.length).toBeGreaterThan(0);
      for (const line of hba) expect(line).toMatch(/scram-sha-256\s*$/);
      // A second process (npm run user:create) finds the running cluster and reads the same file.
      const again = await startEmbeddedPostgres(dir, { database: 'gundem' });
      expect(again.url).toBe(db.url);
      expect(await canConnect(again.url)).toBe(true);
    } finally {
      await db.stop();
    }
    const restarted = await startEmbeddedPostgres(dir, { database: 'gundem' });
    try {
      expect(await canConnect(restarted.url)).toBe(true);
      expect(await canConnect(withPassword(restarted.url, LEGACY_PASSWORD))).toBe('28P01');
    } finally {
      await restarted.stop();
    }
  });

  it('an old cluster with the default password is moved to a generated one and keeps its data', async () => {
    const dir = join(root, 'postgres');
    await initLegacyCluster(dir);
    expect(existsSync(passwordFileOf(dir))).toBe(false);
    const db = await startEmbeddedPostgres(dir, { database: 'gundem' });
    try {
      expect(existsSync(passwordFileOf(dir))).toBe(true);
      expect(await canConnect(db.url)).toBe(true);
      expect(await canConnect(withPassword(db.url, LEGACY_PASSWORD))).toBe('28P01');
      const hba = readFileSync(join(dir, 'pg_hba.conf'), 'utf8');
      expect(hba).not.toMatch(/^\s*(local|host)\S*\s.*\s(trust|password)\s*$/m);
      const client = new Client({ connectionString: db.url });
      await client.connect();
      await client.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      await client.end();
    } finally {
      await db.stop();
    }
    const restarted = await startEmbeddedPostgres(dir, { database: 'gundem' });
    try {
      const client = new Client({ connectionString: restarted.url });
      await client.connect();
      const { rows } = await client.query('SELECT n FROM kept');
      await client.end();
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      await restarted.stop();
    }
  });

  it('restarts a killed postmaster in place, and gives up after RESTART_LIMIT failed restarts', async () => {
    const dir = join(root, 'postgres');
    const lines: string[] = [];
    let giveUp: (error: Error) => void = () => {};
    const gaveUp = new Promise<Error>((resolve) => (giveUp = resolve));
    const db = await startEmbeddedPostgres(dir, { database: 'gundem', log: (line) => lines.push(line), onGiveUp: (error) => giveUp(error) });
    const postmaster = () => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    try {
      const first = postmaster();
      process.kill(first, 'SIGKILL');
      // Back on the same port: the URL every pool holds stays right.
      let back = false;
      for (let i = 0; i < 120 && !back; i++) {
        await new Promise((r) => setTimeout(r, 250));
        back = lines.some((l) => l.includes('yeniden başlatıldı')) && (await canConnect(db.url)) === true;
      }
      expect(back).toBe(true);
      expect(postmaster()).not.toBe(first);

      // A setting PostgreSQL refuses at start: from now on every restart fails.
      appendFileSync(join(dir, 'postgresql.conf'), "\nshared_buffers = 'yok'\n");
      process.kill(postmaster(), 'SIGKILL');
      const error = await gaveUp;
      expect(error.message).toMatch(/vazgeçiliyor/);
      // The successful restart above counts too: RESTART_LIMIT within a minute, then no more.
      expect(lines.filter((l) => l.startsWith('Gömülü PostgreSQL başlatılamadı:'))).toHaveLength(RESTART_LIMIT - 1);
    } finally {
      await db.stop();
    }
  }, 90_000);
});

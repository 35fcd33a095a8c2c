import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../database/embedded-postgres';
import { postgresUserIds } from '../database/embedded-postgres-runtime';
import { runMigrations } from '../database/migrate';

/**
 * A real PostgreSQL primary and one streaming replica (issue 28) for `npm run cluster -- --replica`
 * and the read-replica tests, from Debian's
 * PostgreSQL binaries (`initdb`, `pg_basebackup -R`): each on a free port and in a temporary
 * directory, the `gundem` database migrated on the primary and streamed to the replica. As root,
 * both run as the `postgres` system user (PostgreSQL refuses root). `stop()` leaves nothing behind.
 */
export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** SELECT on the replica (or the primary). */
  replicaQuery<T>(sql: string): Promise<T[]>;
  /** pg_wal_replay_pause() / _resume() on the replica: what it shows stands still, what it receives piles up. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** SIGKILL to the replica's postmaster: gone without a goodbye. */
  killReplica(): Promise<void>;
  stop(): Promise<void>;
}

/** The newest Debian PostgreSQL's bin directory that has initdb and pg_basebackup; undefined when none. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_basebackup')));
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${timeoutMs} ms içinde olmadı`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("Debian'ın PostgreSQL ikilileri (initdb, pg_basebackup) bulunamadı: apt-get install postgresql");
  const user = process.getuid?.() === 0 ? postgresUserIds() : undefined;
  if (process.getuid?.() === 0 && !user) throw new Error('root olarak çalışırken postgres sistem kullanıcısı gerekli');
  const dir = mkdtempSync(join(tmpdir(), 'gundem-replica-pair-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(join(bin, tool), args, { ...ids, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
    if (result.status !== 0) throw new Error(`${tool} başarısız (${result.status}): ${result.stderr || result.stdout}`);
  };
  const processes: ChildProcess[] = [];
  const start = (dataDir: string, port: number): ChildProcess => {
    const child = spawn(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'], {
      ...ids,
      stdio: 'ignore',
      // Its own process group, so killReplica can take the backends down with the postmaster.
      detached: true,
    });
    processes.push(child);
    return child;
  };
  const stop = async () => {
    for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await Promise.all(processes.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primaryDir = join(dir, 'primary');
    const replicaDir = join(dir, 'replica');
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // Durability is not under test: no fsync, for speed. Replication is: WAL for a standby.
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      ['wal_level = replica', 'max_wal_senders = 4', 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', 'shared_buffers = 32MB', ''].join('\n'),
    );
    start(primaryDir, primaryPort);
    const admin = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    await waitFor('birincil PostgreSQL açılsın', async () => (await query(admin, 'SELECT 1')).length === 1);
    await query(admin, 'CREATE DATABASE gundem');
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/gundem`;
    await runMigrations(primaryUrl);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    start(replicaDir, replicaPort);
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/gundem`;
    await waitFor('kopya PostgreSQL açılsın ve akışa katılsın', async () => {
      const [row] = await query<{ recovery: boolean; streaming: boolean }>(
        replicaUrl,
        `SELECT pg_is_in_recovery() AS recovery, EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') AS streaming`,
      );
      return row.recovery && row.streaming;
    });
    const replica = processes[1];
    return {
      primaryUrl,
      replicaUrl,
      replicaQuery: (sql) => query(replicaUrl, sql),
      async pauseReplay() {
        await query(replicaUrl, 'SELECT pg_wal_replay_pause()');
        await waitFor('yeniden oynatma dursun', async () => (await query<{ state: string }>(replicaUrl, 'SELECT pg_get_wal_replay_pause_state() AS state'))[0].state === 'paused');
      },
      async resumeReplay() {
        await query(replicaUrl, 'SELECT pg_wal_replay_resume()');
      },
      async killReplica() {
        if (replica.exitCode !== null || replica.signalCode !== null) return;
        const exited = new Promise((resolve) => replica.once('exit', resolve));
        process.kill(-replica.pid!, 'SIGKILL');
        await exited;
        await waitFor('kopya yanıt vermesin', async () => !(await query(replicaUrl, 'SELECT 1').then(() => true, () => false)));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

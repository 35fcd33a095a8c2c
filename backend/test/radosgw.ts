import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/database/embedded-postgres';

/**
 * A one-node Ceph cluster with its S3 gateway, for TEST_S3_SERVER=radosgw: a monitor, one OSD
 * on memstore (RAM, no disk) and radosgw, all in the foreground as this process's children,
 * configured in a temporary directory that stop() removes. Debian's packages:
 *
 *   apt-get install --no-install-recommends radosgw ceph-mon ceph-osd
 *
 * Ceph RGW is a production S3 server: it checks SigV4 signatures and bucket policies, which
 * s3rver does not. It takes about 12 s to answer (the OSD's start and RGW's pools), against
 * s3rver's 0.3 s, so it is the stricter run on demand, not the default.
 */
export interface Radosgw {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.error?.message}`);
  return result.stdout;
}

export async function startRadosgw(): Promise<Radosgw> {
  if (spawnSync('radosgw', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('TEST_S3_SERVER=radosgw: radosgw bulunamadı (apt-get install --no-install-recommends radosgw ceph-mon ceph-osd)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'gundem-radosgw-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [monPort, rgwPort] = [await freePort(), await freePort()];
    const fsid = randomUUID();
    mkdirSync(join(dir, 'mon'));
    mkdirSync(join(dir, 'osd'));
    mkdirSync(join(dir, 'run'));
    // One replica and few placement groups: one OSD holds everything.
    writeFileSync(
      join(dir, 'ceph.conf'),
      `[global]
fsid = ${fsid}
mon_host = v2:127.0.0.1:${monPort}
public_network = 127.0.0.0/8
keyring = ${dir}/keyring
osd_pool_default_size = 1
osd_pool_default_min_size = 1
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
osd_pool_default_pg_autoscale_mode = off
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
mon_max_pg_per_osd = 1000
osd_crush_chooseleaf_type = 0
osd_objectstore = memstore
memstore_device_bytes = 536870912
run_dir = ${dir}/run
admin_socket = ${dir}/run/$name.asok
log_file = ${dir}/$name.log
[mon.a]
mon_data = ${dir}/mon
[osd.0]
osd_data = ${dir}/osd
[client.rgw.a]
rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}
`,
    );
    const conf = ['-c', join(dir, 'ceph.conf')];
    run('ceph-authtool', ['--create-keyring', 'keyring', '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *'], dir);
    for (const name of ['client.admin', 'osd.0', 'client.rgw.a']) {
      run('ceph-authtool', ['keyring', '--gen-key', '-n', name, '--cap', 'mon', 'allow *', '--cap', 'osd', 'allow *', '--cap', 'mgr', 'allow *'], dir);
    }
    run('monmaptool', ['--create', '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, '--fsid', fsid, 'monmap'], dir);
    run('ceph-mon', [...conf, '--mkfs', '-i', 'a', '--monmap', 'monmap', '--keyring', 'keyring'], dir);
    const daemon = (command: string, args: string[]) => children.push(spawn(command, [...conf, '-f', ...args], { cwd: dir, stdio: 'ignore' }));
    daemon('ceph-mon', ['-i', 'a']);
    const osd = run('ceph', [...conf, '--connect-timeout', '20', 'osd', 'create'], dir).trim();
    run('ceph-osd', [...conf, '-i', osd, '--mkfs'], dir);
    run('ceph', [...conf, 'osd', 'crush', 'add', `osd.${osd}`, '1', 'root=default'], dir);
    daemon('ceph-osd', ['-i', osd]);
    daemon('radosgw', ['-n', 'client.rgw.a']);

    const endpoint = `http://127.0.0.1:${rgwPort}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answered = await fetch(endpoint).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      if (Date.now() > deadline) throw new Error(`radosgw did not answer on ${endpoint} within 60 s (logs in ${dir})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const accessKeyId = `GUNDEM${randomBytes(7).toString('hex').toUpperCase()}`;
    const secretAccessKey = randomBytes(30).toString('base64url');
    run('radosgw-admin', [...conf, 'user', 'create', '--uid=gundem-test', '--display-name=gundem test', `--access-key=${accessKeyId}`, `--secret=${secretAccessKey}`], dir);
    return { endpoint, accessKeyId, secretAccessKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

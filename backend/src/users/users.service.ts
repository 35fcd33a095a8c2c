import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { cleanDisplayName, normaliseEmail, normaliseLogin } from './account-input';
import { hashPassword } from './password-hashing';
import { SessionCache } from './session-cache';
import type { SessionUser } from './session-user';
import type { UserRole } from './roles';
import { type MessageRefusal, SEARCH_MAX_LENGTH, USER_SEARCH_DEFAULT_LIMIT, USER_SUGGEST_LIMIT, type UserSearchResponse, type UserSummary } from '@gundem/contract';
import { prefixUpperBound, usernamePrefix } from './username-prefix';
import type { User } from './user.entity';
import type { ProfileChanges as ProfileChangesInput } from './profile-input';
import { UsersRepository } from './users.repository';
import { EMAIL_TAKEN, USER_SEARCH_TOO_LONG, USERNAME_TAKEN } from './users.texts';

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
  /** Registration under approval: created inactive and `pending` until staff decide. */
  pendingApproval?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUniqueViolation(error: unknown, index: string): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string; constraint?: string })?.code === '23505' &&
    (error.driverError as { constraint?: string })?.constraint === index
  );
}

/**
 * Accounts: the rules around the `users` rows (normalised names and addresses, 409 on a taken
 * one, password hashing, the per-node session cache); UsersRepository holds the statements.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionCache,
  ) {}

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** Any spelling of the address (account-input.ts), on the unique lower(email) index. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(normaliseEmail(email));
  }

  findByUsername(username: string): Promise<User | null> {
    return this.users.findByUsername(username);
  }

  /**
   * The id of an active account by username (any case), for lists of its posts: one prepared
   * statement on the unique lower(username) index, no entity hydration. Null when missing or
   * deactivated.
   */
  findActiveIdByUsername(username: string): Promise<string | null> {
    return this.users.findActiveIdByUsername(username);
  }

  /**
   * Why `senderId` may not message `receiverId` now, or null when they may (a block either way,
   * the receiver's `allowMessages`); undefined when the receiver does not exist. Read fresh on
   * every call: the messages routes, the typing indicator and the profile's `canMessage`.
   */
  messageRefusal(senderId: string, receiverId: string): Promise<MessageRefusal | null | undefined> {
    return this.users.messageRefusal(senderId, receiverId);
  }

  /**
   * The id of an active account by username and whether its lists (followers, following, likes)
   * are public (`publicProfile`); null when missing or deactivated.
   */
  findActiveListOwner(username: string): Promise<{ id: string; publicProfile: boolean } | null> {
    return this.users.findActiveListOwner(username);
  }

  /**
   * `login` is an e-mail or a username, in any spelling normaliseLogin folds (the login throttle
   * keys on the same form); the password hash is selected for verification.
   */
  findForLogin(raw: string): Promise<User | null> {
    return this.users.findForLogin(normaliseLogin(raw));
  }

  /**
   * The session check behind every authenticated request (and socket handshake): one prepared
   * statement by primary key answering plain fields, no QueryBuilder or entity hydration.
   * Null for a missing account or an id that is not a uuid (a forged `sub`).
   */
  async findForSession(id: string): Promise<SessionUser | null> {
    if (!UUID.test(id)) return null;
    // Cached per node for seconds, dropped on every node when the row changes (SessionCache).
    return this.sessions.get(id.toLowerCase(), () => this.users.findSession(id));
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
    return this.users.findSessionStates(ids);
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
      const id = await this.users.insert({
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
        ...(input.pendingApproval ? { approval: 'pending' as const, isActive: false } : {}),
      });
      return (await this.findById(id))!;
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_username_lower')) throw new ConflictException(USERNAME_TAKEN);
      if (isUniqueViolation(error, 'uq_users_email_lower')) throw new ConflictException(EMAIL_TAKEN);
      throw error;
    }
  }

  async setPassword(id: string, password: string): Promise<void> {
    // Bumping the session version signs the user out everywhere else.
    await this.users.setPasswordHash(id, await hashPassword(password));
    this.sessionChanged(id);
  }

  /**
   * Writes the profile editor's fields (already cleaned, profile-input.ts) of an active account;
   * false when it is gone or deactivated. A new display name is a session field: every node reads
   * the session row again (SessionCache), so nothing shows the old name from it.
   */
  async updateProfile(id: string, changes: ProfileChangesInput): Promise<boolean> {
    const updated = await this.users.updateProfile(id, changes);
    if (updated && changes.displayName !== undefined) this.sessionChanged(id);
    return updated;
  }

  async touchLastLogin(id: string): Promise<Date> {
    const now = new Date();
    await this.users.setLastLogin(id, now);
    return now;
  }

  /** The `display.language` the member chose (raw, as stored), or null until chosen: the language of their mails. */
  chosenLanguage(id: string): Promise<string | null> {
    return this.users.chosenLanguage(id);
  }

  markEmailVerified(id: string): Promise<void> {
    return this.users.setEmailVerified(id);
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /**
   * `@` autocompletion: active accounts whose username starts with what was typed (Turkish case
   * rules and letters folded, see usernamePrefix), alphabetically, at most USER_SUGGEST_LIMIT.
   * Something no username can start with answers an empty list without a query. Accounts the
   * viewer blocks or is blocked by are left out.
   */
  async suggest(typed: string, viewerId: string | null = null): Promise<{ users: UserSummary[] }> {
    const prefix = usernamePrefix(typed);
    if (!prefix) return { users: [] };
    const rows = await this.users.suggest(prefix, prefixUpperBound(prefix), USER_SUGGEST_LIMIT, viewerId);
    return { users: rows.map((u) => ({ _id: u.id, ...u })) };
  }

  /**
   * People search (GET /api/users/search): active accounts whose username starts with `typed`
   * (already trimmed, without a leading `@`), or whose display name does from any of its words,
   * Turkish case rules and letters folded (`ism`, `İSM` and `ısm` all find İsmail, `şah` İsmail
   * Şahin; UsersRepository.searchSql). At most SEARCH_MAX_LENGTH
   * characters, like the post search. `isFollowing` is the viewer's (false for a guest and for
   * the viewer's own account).
   */
  async search(typed: string, viewerId: string | null, limit = USER_SEARCH_DEFAULT_LIMIT): Promise<UserSearchResponse> {
    if ([...typed].length > SEARCH_MAX_LENGTH) throw new BadRequestException(USER_SEARCH_TOO_LONG);
    const prefix = usernamePrefix(typed);
    const rows = await this.users.search(typed.normalize('NFC'), prefix, prefix && prefixUpperBound(prefix), viewerId, limit);
    return { users: rows.map((u) => ({ _id: u.id, ...u })) };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type DataSource, type Repository } from 'typeorm';
import { poolRows } from '../database/query-rows';
import { replicaRows } from '../database/read-replicas';
import { notBlockedSql } from '../social/blocks.sql';
import { notLimitedSql } from '../social/limits.sql';
import type { MessageRefusal, UserSearchResult, UserSummary } from '@gundem/contract';
import type { SessionUser } from './session-user';
import { User } from './user.entity';

/** The columns a new account is written with (UsersService.create has applied the rules). */
export type NewUserRow = Pick<
  User,
  'username' | 'email' | 'displayName' | 'passwordHash' | 'role' | 'isEmailVerified' | 'isVerified' | 'bio' | 'location' | 'website'
> &
  Partial<Pick<User, 'approval' | 'isActive'>>;

/**
 * The read filter of `discoverable` (issue 26) for people search and `@` suggestions: true when
 * the account `u` (an alias of a users row) is discoverable, or is the viewer, or the viewer
 * follows it (they have found it already: the messages picker and mentions keep working). The
 * follows probe is a primary-key lookup evaluated only for a non-discoverable row. `viewer` is an
 * SQL expression; NULL (a guest) leaves the non-discoverable accounts out.
 */
export function findableSql(viewer: string, u: string): string {
  return `(${u}.discoverable OR ${u}.id = ${viewer}::uuid
    OR EXISTS (SELECT 1 FROM follows df WHERE df.follower_id = ${viewer}::uuid AND df.followee_id = ${u}.id))`;
}

/**
 * Every statement on `users` for accounts and sessions (docs/architecture.md#rules: repositories
 * own SQL). Lookups by name or address use the unique lower(...) indexes; the session reads are
 * prepared statements answering plain fields, without entity hydration, because they run on
 * every authenticated request.
 */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** `email` already normalised (account-input.ts). */
  findByEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findByUsername(username: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  async findActiveIdByUsername(username: string): Promise<string | null> {
    // A guest's profile lists look the account up here: on a read replica when allowed (database/read-replicas.ts).
    const [row] = await replicaRows<{ id: string }>(
      this.dataSource,
      { name: 'users_active_id_by_username', text: 'SELECT id FROM users WHERE lower(username) = lower($1) AND is_active', values: [username] },
      'guest',
    );
    return row?.id ?? null;
  }

  /**
   * What keeps `senderId` from messaging `receiverId` (docs/wire-contract.md#who-may-message-me),
   * or null when nothing does: a block either way (`unavailable`), the receiver's
   * `allow_messages` `nobody`, or `following` without the receiver following the sender. One
   * statement of primary-key probes (users, blocks both ways, follows). Undefined for a missing
   * receiver.
   */
  async messageRefusal(senderId: string, receiverId: string): Promise<MessageRefusal | null | undefined> {
    const [row] = await poolRows<{ refusal: MessageRefusal | null }>(this.dataSource, {
      name: 'users_message_refusal',
      text: `SELECT CASE
                      WHEN NOT (${notBlockedSql('$1', 'u.id')}) THEN 'unavailable'
                      WHEN u.allow_messages = 'nobody' THEN 'nobody'
                      WHEN u.allow_messages = 'following'
                           AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = u.id AND f.followee_id = $1::uuid) THEN 'following'
                    END AS refusal
               FROM users u WHERE u.id = $2::uuid`,
      values: [senderId, receiverId],
    });
    return row ? row.refusal : undefined;
  }

  /** An active account's id and whether its lists are public, by username (any case); null when missing or deactivated. */
  async findActiveListOwner(username: string): Promise<{ id: string; publicProfile: boolean } | null> {
    const [row] = await replicaRows<{ id: string; publicProfile: boolean }>(
      this.dataSource,
      { name: 'users_active_list_owner', text: 'SELECT id, public_profile AS "publicProfile" FROM users WHERE lower(username) = lower($1) AND is_active', values: [username] },
      'guest',
    );
    return row ?? null;
  }

  /** By e-mail when `login` has an `@`, else by username; with the password hash selected. */
  findForLogin(login: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect(['u.passwordHash', 'u.sessionVersion'])
      .where(login.includes('@') ? 'lower(u.email) = lower(:login)' : 'lower(u.username) = lower(:login)', { login })
      .getOne();
  }

  /** `id` must be a uuid (the caller checks: a forged `sub` never reaches the database). */
  async findSession(id: string): Promise<SessionUser | null> {
    const [row] = await poolRows<SessionUser>(this.dataSource, {
      name: 'users_session',
      text: `SELECT id, username, display_name AS "displayName", role, is_active AS "isActive",
                    is_verified AS "isVerified", session_version AS "sessionVersion"
             FROM users WHERE id = $1`,
      values: [id],
    });
    return row ?? null;
  }

  findSessionStates(ids: string[]): Promise<Array<Pick<SessionUser, 'id' | 'role' | 'isActive' | 'sessionVersion'>>> {
    return poolRows(this.dataSource, {
      name: 'users_session_states',
      text: `SELECT id, role, is_active AS "isActive", session_version AS "sessionVersion" FROM users WHERE id = ANY($1::uuid[])`,
      values: [ids],
    });
  }

  /** The new account's id; a unique violation propagates (UsersService turns it into a 409). */
  async insert(row: NewUserRow): Promise<string> {
    const result = await this.users.insert(row);
    return (result.identifiers[0] as { id: string }).id;
  }

  /** A new password hash and a bumped session version, which signs the user out everywhere else. */
  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * The profile editor's columns (display name, bio, location, website) of an active account;
   * false when none was updated (the account is gone or deactivated). The display name's
   * search words follow by the `trg_user_name_words_rename` trigger.
   */
  async updateProfile(id: string, changes: Partial<Pick<User, 'displayName' | 'bio' | 'location' | 'website'>>): Promise<boolean> {
    const result = await this.users.update({ id, isActive: true }, changes);
    return (result.affected ?? 0) > 0;
  }

  async setLastLogin(id: string, at: Date): Promise<void> {
    await this.users.update({ id }, { lastLogin: at });
  }

  /** The `display.language` the member chose in settings, or null until they choose (issue 26). */
  async chosenLanguage(id: string): Promise<string | null> {
    const [row] = await poolRows<{ language: string | null }>(this.dataSource, {
      name: 'users_chosen_language',
      text: `SELECT preferences #>> '{display,language}' AS language FROM users WHERE id = $1`,
      values: [id],
    });
    return row?.language ?? null;
  }

  async setEmailVerified(id: string): Promise<void> {
    await this.users.update({ id }, { isEmailVerified: true });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /**
   * Active accounts whose lowercased username starts with `prefix` (ASCII, see usernamePrefix),
   * alphabetically, at most `limit`: a range scan of idx_users_username_prefix
   * (text_pattern_ops, active accounts only) that stops after `limit` rows.
   */
  suggestSql(prefix: string, upper: string, limit: number, viewerId: string | null = null): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    return {
      text: `SELECT id, username, display_name AS "displayName", is_verified AS "isVerified", profile_image AS "profileImage"
               FROM users
              WHERE is_active AND lower(username) ~>=~ $1 AND lower(username) ~<~ $2 AND ${notBlockedSql('$3', 'users.id')}
                AND ${notLimitedSql('$3', 'users')} AND ${findableSql('$3', 'users')}
              ORDER BY lower(username) USING ~<~
              LIMIT ${limit}`,
      values: [prefix, upper, viewerId],
    };
  }

  suggest(prefix: string, upper: string, limit: number, viewerId: string | null = null): Promise<Array<Omit<UserSummary, '_id'>>> {
    const { text, values } = this.suggestSql(prefix, upper, limit, viewerId);
    // Search may be a second late for anyone (database/read-replicas.ts).
    return replicaRows(this.dataSource, { name: `users_suggest_${limit}`, text, values }, 'any');
  }

  /**
   * People search (explore, the messages picker): active accounts whose username starts with
   * `usernamePrefix` (null when what was typed cannot start a username) or whose display name,
   * folded by user_name_fold() (migration 1764730000000), starts with the folded `typed`, from
   * its first word or any later one (user_name_words, migration 1764750000000: `yıl` finds Ayşe
   * Yılmaz). Each branch is a range scan of its prefix index (idx_users_username_prefix,
   * idx_users_display_name_prefix, idx_user_name_words_rest) that stops after `limit` rows, so a
   * one-letter search reads at most 3 × `limit` index entries (and the deactivated accounts
   * among them) whatever the number of accounts. The typed prefix is folded in SQL, so the same
   * lower() folds both sides; the range's upper bound is the key followed by U+10FFFF, the last
   * character, which no real name holds.
   * Order: the exact username, other username matches, display names by their start, then by a
   * later word, each alphabetically; `isFollowing` by the viewer's follows primary key.
   */
  searchSql(typed: string, usernamePrefix: string | null, usernameUpper: string | null, viewerId: string | null, limit: number): { text: string; values: unknown[] } {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
    return {
      text: `WITH by_username AS (
                    SELECT id, 1 AS rank FROM users
                     WHERE is_active AND lower(username) ~>=~ $2::text AND lower(username) ~<~ $3::text AND ${notBlockedSql('$4', 'users.id')}
                       AND ${notLimitedSql('$4', 'users')} AND ${findableSql('$4', 'users')}
                     ORDER BY lower(username) USING ~<~
                     LIMIT ${limit}),
                  by_name AS (
                    SELECT id, 2 AS rank FROM users
                     WHERE is_active AND ${notBlockedSql('$4', 'users.id')} AND ${notLimitedSql('$4', 'users')} AND ${findableSql('$4', 'users')}
                       AND user_name_fold(display_name) ~>=~ user_name_fold($1::text)
                       AND user_name_fold(display_name) ~<~ (user_name_fold($1::text) || chr(1114111))
                     ORDER BY user_name_fold(display_name) USING ~<~
                     LIMIT ${limit}),
                  by_word AS (
                    SELECT w.user_id AS id, 3 AS rank FROM user_name_words w JOIN users u ON u.id = w.user_id
                     WHERE u.is_active AND ${notBlockedSql('$4', 'u.id')} AND ${notLimitedSql('$4', 'u')} AND ${findableSql('$4', 'u')}
                       AND w.rest ~>=~ user_name_fold($1::text)
                       AND w.rest ~<~ (user_name_fold($1::text) || chr(1114111))
                     ORDER BY w.rest USING ~<~
                     LIMIT ${limit}),
                  found AS (
                    SELECT id, min(rank) AS rank FROM (SELECT * FROM by_username UNION ALL SELECT * FROM by_name UNION ALL SELECT * FROM by_word) m GROUP BY id)
           SELECT u.id, u.username, u.display_name AS "displayName", u.is_verified AS "isVerified",
                  u.profile_image AS "profileImage", u.bio,
                  ($4::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $4::uuid AND f.followee_id = u.id)) AS "isFollowing",
                  u.protected, ($4::uuid IS NOT NULL AND u.protected AND EXISTS (SELECT 1 FROM follow_requests fr WHERE fr.target_id = u.id AND fr.requester_id = $4::uuid)) AS "followRequested"
             FROM found JOIN users u ON u.id = found.id
            ORDER BY (lower(u.username) = $2::text) IS TRUE DESC, found.rank, lower(u.username) COLLATE "C", u.id
            LIMIT ${limit}`,
      values: [typed, usernamePrefix, usernameUpper, viewerId],
    };
  }

  search(typed: string, usernamePrefix: string | null, usernameUpper: string | null, viewerId: string | null, limit: number): Promise<Array<Omit<UserSearchResult, '_id'>>> {
    const { text, values } = this.searchSql(typed, usernamePrefix, usernameUpper, viewerId, limit);
    return replicaRows(this.dataSource, { name: `users_search_${limit}`, text, values }, 'any');
  }
}

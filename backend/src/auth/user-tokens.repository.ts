import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { queryRows } from '../database/query-rows';
import { UserToken, type UserTokenPurpose } from './user-token.entity';

/**
 * The statements on `user_tokens` (reset and verification links, and the home-page cookie's
 * sessions: home-session.ts). Only a token's SHA-256 is ever
 * stored or looked up; AuthService hashes. Using a token is one UPDATE guarded by `used_at IS
 * NULL`, so two concurrent uses cannot both succeed.
 */
@Injectable()
export class UserTokensRepository {
  constructor(@InjectRepository(UserToken) private readonly tokens: Repository<UserToken>) {}

  async insert(userId: string, purpose: UserTokenPurpose, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.tokens.insert({ userId, purpose, tokenHash, expiresAt });
  }

  /** Marks the user's unused, unexpired token with this hash used; true when there was one. */
  async consume(userId: string, purpose: UserTokenPurpose, tokenHash: string): Promise<boolean> {
    const result = await this.tokens.update(
      { userId, purpose, tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      { usedAt: new Date() },
    );
    return (result.affected ?? 0) === 1;
  }

  /** Like consume for links that carry only the token: marks it used and answers its user's id. */
  async redeem(purpose: UserTokenPurpose, tokenHash: string): Promise<string | null> {
    const [row] = await queryRows<{ user_id: string }>(
      this.tokens.manager,
      `UPDATE user_tokens SET used_at = now()
        WHERE purpose = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [purpose, tokenHash],
    );
    return row?.user_id ?? null;
  }

  /** Every other unused token of the user for this purpose stops working. */
  async revokeUnused(userId: string, purpose: UserTokenPurpose): Promise<void> {
    await this.tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: new Date() });
  }

  /** An unexpired token by hash, used or not. */
  findUnexpired(purpose: UserTokenPurpose, tokenHash: string): Promise<UserToken | null> {
    return this.tokens.findOneBy({ purpose, tokenHash, expiresAt: MoreThan(new Date()) });
  }

  /** Whether the user has an unused, unexpired token with this hash (one primary-key-like lookup on the unique hash). */
  async isLive(userId: string, purpose: UserTokenPurpose, tokenHash: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.tokens.manager,
      `SELECT 1 AS one FROM user_tokens
        WHERE token_hash = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash, userId, purpose],
    );
    return rows.length === 1;
  }

  /** Removes the token with this hash, used or not: it stops working at once. */
  async remove(purpose: UserTokenPurpose, tokenHash: string): Promise<void> {
    await this.tokens.delete({ purpose, tokenHash });
  }

  /**
   * Forgets the user's expired or used tokens of this purpose, and all but their newest `keep`
   * live ones (so a client that never keeps the cookie cannot grow the table without bound).
   */
  async prune(userId: string, purpose: UserTokenPurpose, keep: number): Promise<void> {
    await queryRows(
      this.tokens.manager,
      `DELETE FROM user_tokens
        WHERE user_id = $1 AND purpose = $2
          AND (expires_at <= now() OR used_at IS NOT NULL
               OR id IN (SELECT id FROM user_tokens WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC, id OFFSET $3))`,
      [userId, purpose, keep],
    );
  }
}

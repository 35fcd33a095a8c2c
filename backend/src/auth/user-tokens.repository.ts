import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { queryRows } from '../database/query-rows';
import { UserToken, type UserTokenPurpose } from './user-token.entity';

/**
 * The statements on `user_tokens` (reset and verification links). Only a token's SHA-256 is ever
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
}

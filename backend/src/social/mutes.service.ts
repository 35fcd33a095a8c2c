import { BadRequestException, ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { USER_NOT_FOUND } from '../common/common.texts';
import { type Cursor, type Page, toPage } from '../common/pagination/cursor';
import { pgErrorCode } from '../database/query-rows';
import { combinedPattern, MUTED_WORD_MAX_LENGTH, mutedWordForm, tokensOf } from './muted-words';
import { type MutedWordRow, type MuteListRow, MutesRepository } from './mutes.repository';
import { CANNOT_MUTE_SELF, MUTE_DAYS_INVALID, MUTED_WORD_DUPLICATE, MUTED_WORD_NO_LETTERS, MUTED_WORD_NOT_FOUND, MUTED_WORD_REQUIRED, MUTED_WORD_TOO_LONG, MUTED_WORDS_FULL } from './social.texts';

/** The durations a mute or a muted word may have, in days (none: until undone). */
export const MUTE_DAYS = [1, 7, 30] as const;

/**
 * What a feed read must hide for its viewer (mutes.sql.ts, blocks.sql.ts): `muting` whether they
 * mute anyone now (without, the statement has no mute probe at all), `words` their active muted
 * words as one regular expression, or null, and `blocking` whether they block anyone or anyone
 * blocks them (a list that filters rows before its LIMIT, such as the kept feed's walk, probes
 * blocks there only then; every list still filters blocks on the rows it returns).
 */
export interface ViewerFilter {
  muting: boolean;
  words: string | null;
  blocking: boolean;
}

export const NO_FILTER: ViewerFilter = { muting: false, words: null, blocking: false };

/** A member's mute change, for other modules (the realtime rooms). */
export type MuteListener = (change: { muterId: string; mutedId: string; muting: boolean }) => void;

/**
 * Mutes and muted words (issue 25, docs/product.md#sessize-almak). One-directional and silent:
 * only the muter's feeds, search, notifications and pushes change; the muted member is not told
 * and sees nothing different; follows stay. Trends count muted accounts' posts as before.
 */
@Injectable()
export class MutesService {
  constructor(private readonly repository: MutesRepository) {}

  /** PUT (`mute` true, optionally for `days`) and DELETE (false) of /users/:id/mute: idempotent. */
  async set(muterId: string, mutedId: string, mute: boolean, days?: number | null): Promise<{ muting: boolean }> {
    if (muterId === mutedId) throw new BadRequestException(CANNOT_MUTE_SELF);
    const span = checkDays(days);
    let found: boolean;
    try {
      found = mute ? await this.repository.mute(muterId, mutedId, span) : await this.repository.unmute(muterId, mutedId);
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new NotFoundException(USER_NOT_FOUND);
      throw error;
    }
    if (!found) throw new NotFoundException(USER_NOT_FOUND);
    return { muting: mute };
  }

  /** Whether the viewer mutes the account now (their own profile view's `muting`); false for a guest. */
  async isMuting(viewerId: string | undefined, userId: string): Promise<boolean> {
    if (!viewerId || viewerId === userId) return false;
    return this.repository.isMuting(viewerId, userId);
  }

  /** What the viewer's feeds hide (one read per request); NO_FILTER for a guest. */
  async viewerFilter(viewerId: string | null | undefined): Promise<ViewerFilter> {
    if (!viewerId) return NO_FILTER;
    const { muting, patterns, blocking } = await this.repository.viewerFilter(viewerId);
    return { muting, words: combinedPattern(patterns), blocking };
  }

  /**
   * For a push batch: per author (lowercased), the members blocked either way or muting them;
   * per post id, the members whose active muted words it matches. One statement.
   */
  async pushExclusions(authors: string[], posts: Array<{ id: string; searchText: string }>): Promise<{ byAuthor: Map<string, string[]>; byPost: Map<string, string[]> }> {
    const withTokens = posts.map((p) => ({ id: p.id, text: p.searchText, tokens: tokensOf(p.searchText) })).filter((p) => p.tokens.length);
    return this.repository.pushExclusions(authors, withTokens);
  }

  async list(muterId: string, limit: number, cursor?: Cursor): Promise<Page<Omit<MuteListRow, 'mutedAt'>>> {
    const rows = await this.repository.list(muterId, limit, cursor);
    const page = toPage(rows, limit, (row) => ({ createdAt: row.mutedAt, id: row.id }));
    return { items: page.items.map(({ mutedAt: _at, ...user }) => user), nextCursor: page.nextCursor };
  }

  words(userId: string): Promise<MutedWordRow[]> {
    return this.repository.words(userId);
  }

  /** Adds a muted word (1..MUTED_WORD_MAX_LENGTH characters after trimming, with a letter or digit). */
  async addWord(userId: string, raw: unknown, days?: number | null): Promise<MutedWordRow> {
    if (typeof raw !== 'string' || !raw.trim()) throw new BadRequestException(MUTED_WORD_REQUIRED);
    const word = raw.trim().replace(/\s+/gu, ' ');
    if ([...word].length > MUTED_WORD_MAX_LENGTH) throw new BadRequestException(MUTED_WORD_TOO_LONG);
    const form = mutedWordForm(word);
    if (!form) throw new BadRequestException(MUTED_WORD_NO_LETTERS);
    const result = await this.repository.addWord(userId, word, form, checkDays(days));
    if (result.outcome === 'duplicate') throw new ConflictException(MUTED_WORD_DUPLICATE);
    if (result.outcome === 'full' || !result.row) throw new UnprocessableEntityException(MUTED_WORDS_FULL);
    return result.row;
  }

  async removeWord(userId: string, id: string): Promise<void> {
    if (!(await this.repository.removeWord(userId, id))) throw new NotFoundException(MUTED_WORD_NOT_FOUND);
  }
}

function checkDays(days: number | null | undefined): number | null {
  if (days === undefined || days === null) return null;
  if (!(MUTE_DAYS as readonly number[]).includes(days)) throw new BadRequestException(MUTE_DAYS_INVALID);
  return days;
}

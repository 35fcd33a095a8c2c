import type { PinState } from '@gundem/contract';
import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { FirstPageCache } from './first-page.cache';
import { type PinOutcome, PinsRepository } from './pins.repository';
import { PIN_NOT_YOURS, POST_NOT_FOUND, UNPIN_NOT_YOURS } from './posts.texts';

/**
 * `Profile sabitle` (issue 27, docs/product.md#profile-sabitle): a member pins one of their own
 * posts to the top of their profile's `Gönderiler`, replacing any earlier pin (PinsRepository);
 * `isPinned` is then true on that post wherever it shows. Both directions are idempotent; another
 * member's post is a 403, a post that is not there (never was, or deleted) a 404.
 */
@Injectable()
export class PinsService {
  constructor(
    private readonly pins: PinsRepository,
    private readonly firstPages: FirstPageCache,
  ) {}

  async pin(userId: string, postId: string): Promise<PinState> {
    const { outcome, previous } = await this.pins.pin(userId, postId);
    this.check(outcome, PIN_NOT_YOURS);
    // This node's shared first page carries `isPinned` too.
    this.firstPages.touch(postId);
    if (previous) this.firstPages.touch(previous);
    return { pinned: true };
  }

  async unpin(userId: string, postId: string): Promise<PinState> {
    this.check(await this.pins.unpin(userId, postId), UNPIN_NOT_YOURS);
    this.firstPages.touch(postId);
    return { pinned: false };
  }

  private check(outcome: PinOutcome, notYours: string): void {
    if (outcome === 'missing') throw new NotFoundException(POST_NOT_FOUND);
    if (outcome === 'not-yours') throw new ForbiddenException(notYours);
  }
}

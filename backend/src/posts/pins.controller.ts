import type { PinState } from '@gundem/contract';
import { Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import type { SessionUser } from '../users/session-user';
import { PinsService } from './pins.service';

/** `Profile sabitle` (docs/wire-contract.md#profile-sabitle): the signed-in member's own posts only. */
@ApiTags('posts')
@ApiBearerAuth()
@Controller('posts')
export class PinsController {
  constructor(private readonly pins: PinsService) {}

  /** Pins the post to the top of its author's profile, replacing their earlier pin (idempotent); 403 for another's post. */
  @Put(':id/pin')
  pin(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<PinState> {
    return this.pins.pin(viewer.id, id);
  }

  /** Unpins it (idempotent: a post that is not pinned stays so); 403 for another's post. */
  @Delete(':id/pin')
  unpin(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: SessionUser): Promise<PinState> {
    return this.pins.unpin(viewer.id, id);
  }
}

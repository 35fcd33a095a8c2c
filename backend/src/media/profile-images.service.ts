import { type MeResponse, PROFILE_AVATAR_SIZE, PROFILE_HEADER_HEIGHT, PROFILE_HEADER_WIDTH } from '@gundem/contract';
import { HttpException, Injectable, UnauthorizedException } from '@nestjs/common';
import { SESSION_INVALID } from '../common/common.texts';
import { Metrics } from '../common/metrics/metrics';
import { SettingsService } from '../settings/settings.service';
import { ProfileChanges } from '../users/profile-changes';
import { toUserResponse } from '../users/user.response';
import { UsersService } from '../users/users.service';
import { MediaProcessor } from './media-processor';
import { MediaRepository, type ProfileImageKind } from './media.repository';
import { MediaService } from './media.service';
import { mediaKey, MediaStorage } from './storage/media-storage';

/** The fixed box of each picture: the avatar square, the header 3:1. */
const SIZES: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: { width: PROFILE_AVATAR_SIZE, height: PROFILE_AVATAR_SIZE },
  header: { width: PROFILE_HEADER_WIDTH, height: PROFILE_HEADER_HEIGHT },
};

/**
 * A member's avatar and profile header (issue 24, docs/architecture.md#media). The upload is
 * checked and processed as a post's picture is (MediaProcessor, same limits and refusals, counted
 * in the same hourly budget by the interceptor), cropped at its centre to a fixed box, and stored
 * under its content-addressed key. `users.profile_image`/`cover_image` hold its public URL (so
 * every user shape already carries it), `…_key` the key behind it. The file a change or a removal
 * leaves unnamed is deleted after the commit by MediaService.releaseKeys, which also checks these
 * two columns, so a file another member's avatar or a post's picture shares stays.
 */
@Injectable()
export class ProfileImagesService {
  constructor(
    private readonly media: MediaService,
    private readonly repository: MediaRepository,
    private readonly processor: MediaProcessor,
    private readonly storage: MediaStorage,
    private readonly settings: SettingsService,
    private readonly metrics: Metrics,
    private readonly users: UsersService,
    private readonly profileChanges: ProfileChanges,
  ) {}

  /** Replaces the member's avatar or header with `bytes`; answers the member as /api/auth/me does. */
  async set(userId: string, kind: ProfileImageKind, bytes: Buffer): Promise<MeResponse> {
    const { maxImagePixels, allowedFileTypes } = await this.settings.get();
    const { width, height } = SIZES[kind];
    let image: { bytes: Buffer };
    try {
      image = await this.processor.processCropped(bytes, maxImagePixels, allowedFileTypes, width, height);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) this.media.refused();
      throw error;
    }
    const key = mediaKey(image.bytes);
    let oldKey: string | null;
    try {
      oldKey = await this.media.transaction(async (db) => {
        // Under the key's lock: a release of the same key (another member's removal) waits for this commit.
        await this.repository.lockKeys(db, [key]);
        await this.storage.put(key, image.bytes, 'image/webp');
        const changed = await this.repository.setProfileImage(db, userId, kind, { key, url: this.storage.url(key) });
        if (!changed) throw new UnauthorizedException(SESSION_INVALID);
        return changed.oldKey;
      });
    } catch (error) {
      // Rolled back: the file goes unless another row names the same bytes.
      await this.media.releaseKeys([key]);
      throw error;
    }
    this.metrics.mediaUpload('stored');
    if (oldKey !== null && oldKey !== key) await this.media.releaseKeys([oldKey]);
    return this.me(userId);
  }

  /** Back to the initial letter: the column is cleared and, after the commit, the file goes if nothing else names it. */
  async remove(userId: string, kind: ProfileImageKind): Promise<MeResponse> {
    const changed = await this.media.transaction((db) => this.repository.setProfileImage(db, userId, kind, null));
    if (!changed) throw new UnauthorizedException(SESSION_INVALID);
    if (changed.oldKey !== null) await this.media.releaseKeys([changed.oldKey]);
    return this.me(userId);
  }

  /** The member after a committed change, as /api/auth/me answers it; their other tabs get it by `profile:updated` (issue 26). */
  private async me(userId: string): Promise<MeResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    this.profileChanges.publish(toUserResponse(user));
    return { user: toUserResponse(user, { includePrivate: true }) };
  }
}

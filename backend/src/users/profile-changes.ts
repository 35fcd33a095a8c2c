import { Injectable, Logger } from '@nestjs/common';
import type { User as UserResponse } from '@gundem/contract';

export type ProfileChangeListener = (user: UserResponse) => void;

/**
 * "A member's profile changed" (issue 26): their display name, bio, location or website
 * (PATCH /api/users/me) or their avatar or header (media/). Published after the commit with the
 * public user object; the modules above users/ listen without being imported by it
 * (docs/architecture.md#rules): realtime/ pushes `profile:updated` to the member's own
 * connections, posts/ drops this node's cached first timeline page (it carries authors' names
 * and avatars). Listeners are called synchronously and must not throw; one that does is logged.
 */
@Injectable()
export class ProfileChanges {
  private readonly logger = new Logger('ProfileChanges');
  private readonly listeners: ProfileChangeListener[] = [];

  subscribe(listener: ProfileChangeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  publish(user: UserResponse): void {
    for (const listener of this.listeners) {
      try {
        listener(user);
      } catch (error) {
        this.logger.warn(`Profil değişikliği işlenemedi: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

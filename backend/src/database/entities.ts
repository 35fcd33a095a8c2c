import { UserToken } from '../auth/user-token.entity';
import { IdempotencyKey } from '../common/idempotency/idempotency-key.entity';
import { Message } from '../messages/message.entity';
import { Like } from '../posts/like.entity';
import { Post } from '../posts/post.entity';
import { Repost } from '../posts/repost.entity';
import { Settings } from '../settings/settings.entity';
import { Follow } from '../social/follow.entity';
import { User } from '../users/user.entity';

export const entities = [User, UserToken, Post, Like, Repost, Follow, Message, Settings, IdempotencyKey];

import type { Media } from '@gundem/contract';
import type { Post, PostAuthor, User } from '../lib/types';

let sequence = 0;

/** A post's author; `id` follows `_id` unless given. */
export function makeAuthor(overrides: Partial<PostAuthor> = {}): PostAuthor {
  const id = overrides._id ?? overrides.id ?? 'u-mehmet';
  return { _id: id, id, username: 'mehmet', displayName: 'Mehmet Demir', isVerified: false, ...overrides };
}

type PostOverrides = Omit<Partial<Post>, 'author' | 'user'> & { author?: Partial<PostAuthor>; user?: Partial<PostAuthor> };

/** A post as the server sends it (docs/wire-contract.md#post-object), both forms of every engagement field included. */
export function makePost(overrides: PostOverrides = {}): Post {
  sequence += 1;
  const id = overrides._id ?? `p${sequence}`;
  const author = makeAuthor(overrides.author ?? overrides.user);
  const likes = overrides.likeCount ?? 0;
  const retweets = overrides.retweetCount ?? 0;
  const replies = overrides.replyCount ?? 0;
  const liked = overrides.liked ?? false;
  const retweeted = overrides.retweeted ?? false;
  return {
    _id: id,
    id,
    content: 'Merhaba gündem',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    userId: author._id,
    // Every change bumps the version: a fresh post's is the number of likes, reposts and replies it got.
    engagement: { likes, retweets, replies, views: 0, version: likes + retweets + replies },
    hashtags: [],
    links: [],
    isEdited: false,
    isReply: false,
    isRetweet: false,
    isPinned: false,
    replyToId: null,
    ...overrides,
    user: author,
    author,
    likeCount: likes,
    retweetCount: retweets,
    replyCount: replies,
    liked,
    isLiked: liked,
    retweeted,
    isRetweeted: retweeted,
  };
}

/** A reply to `parent` with its reply context (`replyTo`), as the server sends it. */
export function makeReply(parent: { id: string; username: string }, overrides: PostOverrides = {}): Post {
  return makePost({ isReply: true, replyToId: parent.id, replyTo: { ...parent }, ...overrides });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-zeynep',
    id: 'u-zeynep',
    username: 'zeynep',
    displayName: 'Zeynep Kaya',
    bio: 'Kahve, kitap ve kod.',
    location: 'İstanbul',
    website: 'https://zeynep.dev',
    createdAt: '2026-11-05T10:00:00.000Z',
    isVerified: true,
    isActive: true,
    role: 'user',
    followingCount: 1200,
    followersCount: 1_500_000,
    postsCount: 42,
    coverImage: null,
    profileImage: null,
    protected: false,
    isFollowing: false,
    ...overrides,
  };
}

export function page(posts: Post[], nextCursor: string | null = null) {
  return { posts, nextCursor };
}

let mediaSequence = 0;

/**
 * An image as the server sends it (contract/src/media.ts): 1200×800 unless given, a real
 * ThumbHash as its placeholder.
 */
export function makeMedia(overrides: Partial<Media> = {}): Media {
  mediaSequence += 1;
  const id = overrides.id ?? `m${mediaSequence}`;
  const width = overrides.width ?? 1200;
  const height = overrides.height ?? 800;
  const small = { url: `/media/${id}-small.webp`, width: 400, height: Math.round((400 * height) / width) };
  return {
    id,
    type: 'image',
    small,
    large: { url: `/media/${id}-large.webp`, width, height },
    still: null,
    width,
    height,
    placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
    alt: null,
    ...overrides,
  };
}

import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EngagementService } from '../posts/engagement.service';
import { PostsService } from '../posts/posts.service';
import { FollowsService } from '../social/follows.service';
import type { User } from '../users/user.entity';
import { UsersService, type NewUser } from '../users/users.service';

export const DEMO_PASSWORD = 'gundem123';

export const DEMO_ACCOUNTS: NewUser[] = [
  { username: 'admin', displayName: 'gündem Yönetici', email: 'admin@gundem.local', password: DEMO_PASSWORD, role: 'admin', isVerified: true, bio: 'gündem yönetim hesabı.' },
  { username: 'moderator', displayName: 'Moderatör', email: 'moderator@gundem.local', password: DEMO_PASSWORD, role: 'moderator', isVerified: true, bio: 'Topluluk kurallarını gözetir.' },
  { username: 'ayse', displayName: 'Ayşe Yılmaz', email: 'ayse@gundem.local', password: DEMO_PASSWORD, role: 'user', bio: 'İstanbul’dan merhaba! Kahve, kitap ve yazılım.', location: 'İstanbul', website: 'https://gundem.local/ayse' },
];

type DemoAuthor = 'admin' | 'moderator' | 'ayse';

interface DemoPost {
  key: string;
  author: DemoAuthor;
  content: string;
  /** key of the post this one answers */
  replyTo?: string;
  /** how long ago it was posted, in minutes */
  minutesAgo: number;
  likedBy?: DemoAuthor[];
  repostedBy?: DemoAuthor[];
}

/** Oldest first, so replies come after what they answer. */
export const DEMO_POSTS: DemoPost[] = [
  { key: 'hosgeldin', author: 'admin', minutesAgo: 2880, content: 'gündem’e hoş geldiniz! Kısa gönderilerle gündeminizi paylaşın. #gündem', likedBy: ['moderator', 'ayse'], repostedBy: ['ayse'] },
  { key: 'kurallar', author: 'moderator', minutesAgo: 2700, content: 'Topluluk kuralları basit: saygılı olun, spam yapmayın, kaynak gösterin. #gündem #topluluk', likedBy: ['admin'] },
  { key: 'kahve', author: 'ayse', minutesAgo: 2400, content: 'Kadıköy’de sabah kahvesi ve vapur sesi. Güne başlamanın en güzel yolu. ☕ #istanbul #kahve', likedBy: ['admin', 'moderator'] },
  { key: 'typescript', author: 'ayse', minutesAgo: 1800, content: 'TypeScript’te "satisfies" operatörünü keşfettim, tip güvenliği ve çıkarım bir arada. #yazılım #TypeScript', likedBy: ['admin'], repostedBy: ['admin'] },
  { key: 'typescript-yanit', author: 'admin', replyTo: 'typescript', minutesAgo: 1750, content: '@ayse Kesinlikle! Yapılandırma nesnelerinde çok işe yarıyor. #yazılım', likedBy: ['ayse'] },
  { key: 'bogaz', author: 'ayse', minutesAgo: 1440, content: 'Boğaz’da gün batımı… İstanbul her mevsim ayrı güzel. #İstanbul #fotoğraf', likedBy: ['moderator'], repostedBy: ['moderator'] },
  { key: 'surum', author: 'admin', minutesAgo: 1200, content: 'Yeni sürüm yayında: arama artık Türkçe harflere duyarlı. "ışık" yazın, IŞIK da çıksın. #gündem #yazılım', likedBy: ['ayse', 'moderator'], repostedBy: ['ayse'] },
  { key: 'surum-yanit', author: 'moderator', replyTo: 'surum', minutesAgo: 1150, content: 'Harika! Hemen denedim, #istanbul araması da İstanbul’u buluyor.' },
  { key: 'kitap', author: 'ayse', minutesAgo: 900, content: 'Bu hafta Sabahattin Ali’nin "Kürk Mantolu Madonna"sını yeniden okuyorum. Önerisi olan? #kitap', likedBy: ['moderator'] },
  { key: 'kitap-yanit', author: 'moderator', replyTo: 'kitap', minutesAgo: 860, content: 'Orhan Pamuk’tan "Masumiyet Müzesi" olabilir, İstanbul’u da seversen. #kitap' },
  { key: 'etkinlik', author: 'moderator', minutesAgo: 600, content: 'Cumartesi Ankara’da açık kaynak buluşması var, gelen olursa selam verin! #yazılım #ankara https://gundem.local/etkinlik' },
  { key: 'yagmur', author: 'ayse', minutesAgo: 240, content: 'İstanbul’da yağmur başladı, şemsiyesiz çıkan tek kişi benim galiba. 🌧️ #istanbul #hava', likedBy: ['admin'] },
  { key: 'bakim', author: 'admin', minutesAgo: 90, content: 'Bu gece 03.00’te kısa bir bakım çalışması yapılacak. Anlayışınız için teşekkürler. #gündem', likedBy: ['moderator'] },
  { key: 'gunaydin', author: 'ayse', minutesAgo: 15, content: 'Günaydın gündem! Bugün neler konuşuyoruz? 👋 #gündem' },
];

/** who follows whom */
const DEMO_FOLLOWS: [DemoAuthor, DemoAuthor][] = [
  ['ayse', 'admin'],
  ['ayse', 'moderator'],
  ['moderator', 'admin'],
  ['admin', 'ayse'],
];

/**
 * Seeds the demo accounts, posts, replies, likes, reposts and follows into an empty database
 * only; returns whether it did. Everything goes through the services, so every counter is right.
 */
export async function seedDemo(app: INestApplicationContext): Promise<boolean> {
  const users = app.get(UsersService);
  if ((await users.count()) > 0) return false;
  const accounts = {} as Record<DemoAuthor, User>;
  for (const account of DEMO_ACCOUNTS) {
    accounts[account.username as DemoAuthor] = await users.create({ ...account, isEmailVerified: true });
  }

  const posts = app.get(PostsService);
  const engagement = app.get(EngagementService);
  const ids = new Map<string, string>();
  for (const demo of DEMO_POSTS) {
    const replyToId = demo.replyTo ? ids.get(demo.replyTo) : undefined;
    const { post } = await posts.create(accounts[demo.author], { content: demo.content, replyToId });
    ids.set(demo.key, post.id);
    for (const liker of demo.likedBy ?? []) await engagement.toggleLike(accounts[liker].id, post.id);
    for (const reposter of demo.repostedBy ?? []) await engagement.toggleRepost(accounts[reposter].id, post.id);
  }
  // Spread the posts over the last two days so the feed reads like one; only timestamps change.
  const dataSource = app.get(DataSource);
  for (const demo of DEMO_POSTS) {
    await dataSource.query(`UPDATE posts SET created_at = now() - make_interval(mins => $2), updated_at = now() - make_interval(mins => $2) WHERE id = $1`, [
      ids.get(demo.key),
      demo.minutesAgo,
    ]);
  }

  const follows = app.get(FollowsService);
  for (const [follower, followee] of DEMO_FOLLOWS) await follows.toggle(accounts[follower].id, accounts[followee].id);
  return true;
}

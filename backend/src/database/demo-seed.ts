import type { INestApplicationContext } from '@nestjs/common';
import { UsersService, type NewUser } from '../users/users.service';

export const DEMO_PASSWORD = 'gundem123';

export const DEMO_ACCOUNTS: NewUser[] = [
  { username: 'admin', displayName: 'gündem Yönetici', email: 'admin@gundem.local', password: DEMO_PASSWORD, role: 'admin', isVerified: true, bio: 'gündem yönetim hesabı.' },
  { username: 'moderator', displayName: 'Moderatör', email: 'moderator@gundem.local', password: DEMO_PASSWORD, role: 'moderator', isVerified: true, bio: 'Topluluk kurallarını gözetir.' },
  { username: 'ayse', displayName: 'Ayşe Yılmaz', email: 'ayse@gundem.local', password: DEMO_PASSWORD, role: 'user', bio: 'İstanbul’dan merhaba! Kahve, kitap ve yazılım.', location: 'İstanbul', website: 'https://gundem.local/ayse' },
];

/** Seeds the demo accounts into an empty database only; returns whether it did. */
export async function seedDemo(app: INestApplicationContext): Promise<boolean> {
  const users = app.get(UsersService);
  if ((await users.count()) > 0) return false;
  for (const account of DEMO_ACCOUNTS) await users.create({ ...account, isEmailVerified: true });
  return true;
}

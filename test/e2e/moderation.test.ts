import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, startE2E, waitForHydration, withScreenshots } from './harness';

/**
 * Issue 25's journeys: a moderator suspends a member for 7 days; the member's login names the date
 * and offers the appeal; the member appeals; an admin accepts; the member can log in again. And a
 * moderator limits a member: its posts leave a non-follower's `Size özel`.
 */
describe('moderation journey: suspension, appeal, acceptance', () => {
  let e2e: E2E;
  const selin = { username: 'selin', displayName: 'Selin Ak', email: 'selin@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: selin })).status).toBe(201);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const logIn = async (page: Page) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('aside.left-sidebar').getByRole('button', { name: 'Giriş Yap' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-posta').fill(selin.username);
    await dialog.getByLabel('Şifre').fill(selin.password);
    await dialog.getByRole('button', { name: 'Giriş Yap' }).click();
    return dialog;
  };

  it('goes from the moderator’s suspension to the admin’s acceptance, by the screens', async () => {
    const { page: moderator } = await e2e.newPage();
    const { page: member } = await e2e.newPage();
    const { page: admin } = await e2e.newPage();
    await withScreenshots('moderation-journey', [moderator, member, admin], async () => {
      await e2e.signIn(moderator, DEMO.moderator);
      await moderator.goto('/admin/users');
      await moderator.getByLabel('Kullanıcı ara').fill('selin');
      const row = moderator.getByTestId('admin-user-row').filter({ hasText: '@selin' });
      await row.getByRole('button', { name: 'İşlemler' }).click();
      const actions = moderator.getByRole('dialog', { name: '@selin hakkında işlemler' });
      await actions.getByText('Bu hesap hakkında henüz işlem yok.').waitFor();
      // The dialog's backdrop fades in: checked once it has (mid-fade, the table behind it reads as low contrast).
      await moderator.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(describeViolations(await runAxe(moderator))).toEqual([]);
      await actions.getByLabel('Gerekçe (üyeye gösterilir)').fill('Başka üyelere tekrarlanan hakaret.');
      await actions.getByLabel('Askı süresi').selectOption('7');
      await actions.getByRole('button', { name: 'Askıya al' }).click();
      await actions.getByTestId('admin-action').filter({ hasText: 'Askı' }).waitFor();

      // The member's login names the end date and shows the notice with İtiraz et.
      const login = await logIn(member);
      const refusal = login.getByRole('alert').filter({ hasText: 'askıya alındı' });
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(/^Hesabınız \d{1,2} [A-ZÇĞİÖŞÜ][a-zçğıöşü]+ \d{4} tarihine kadar askıya alındı\.$/);
      const notice = login.getByTestId('moderation-notice');
      await notice.getByText('Başka üyelere tekrarlanan hakaret.').waitFor();
      expect(describeViolations(await runAxe(member))).toEqual([]);
      await notice.getByRole('button', { name: 'İtiraz et' }).click();
      await notice.getByLabel('İtirazınız').fill('Kimseye hakaret etmedim; yanlış anlaşılma oldu.');
      await notice.getByRole('button', { name: 'İtirazı gönder' }).click();
      await notice.getByText('İtirazınız inceleniyor').waitFor();

      // An admin accepts it in the appeals queue.
      await e2e.signIn(admin, DEMO.admin);
      await admin.goto('/admin/appeals');
      const appeal = admin.getByTestId('admin-appeal').filter({ hasText: '@selin' });
      await appeal.getByText('Kimseye hakaret etmedim; yanlış anlaşılma oldu.').waitFor();
      expect(describeViolations(await runAxe(admin))).toEqual([]);
      await appeal.getByLabel('Üyeye yanıt (isteğe bağlı)').fill('Haklısınız, askıyı kaldırdık.');
      await appeal.getByRole('button', { name: 'Kabul et' }).click();
      await admin.getByText('Bekleyen itiraz yok').waitFor();

      // The member can log in again, and the notices page tells the outcome.
      const again = await logIn(member);
      await again.waitFor({ state: 'detached' });
      await member.locator('aside.left-sidebar').getByText('@selin').waitFor();
      await member.goto('/notifications/moderation');
      await member.getByText('İtirazınız kabul edildi; işlem geri alındı').waitFor();
      await member.getByText('Ekibin yanıtı: Haklısınız, askıyı kaldırdık.').waitFor();
      await member.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(member))).toEqual([]);
    });
  });

  it('a moderator limits a member from the admin page: the member’s posts leave a non-follower’s Size özel, the member sees the notice', async () => {
    const limitli = { username: 'limitli', displayName: 'Limit Li', email: 'limitli@ornek.com', password: 'gizli123' };
    const yabanci = { username: 'yabanci', displayName: 'Yaban Cı', email: 'yabanci@ornek.com', password: 'gizli123' };
    for (const account of [limitli, yabanci]) expect((await e2e.api('/api/auth/register', { body: account })).status).toBe(201);
    const limitliToken = await e2e.token(limitli);
    expect((await e2e.api('/api/posts', { body: { content: 'Sınırlanmadan önceki gönderi' }, token: limitliToken })).status).toBe(201);
    const { page: stranger } = await e2e.newPage();
    const { page: moderator } = await e2e.newPage();
    const { page: member } = await e2e.newPage();
    await withScreenshots('moderation-limit', [stranger, moderator, member], async () => {
      await e2e.signIn(stranger, yabanci);
      await stranger.goto('/');
      const feed = stranger.getByRole('tabpanel');
      await feed.getByText('Sınırlanmadan önceki gönderi').waitFor();

      await e2e.signIn(moderator, DEMO.moderator);
      await moderator.goto('/admin/users');
      await moderator.getByLabel('Kullanıcı ara').fill('limitli');
      await moderator.getByTestId('admin-user-row').filter({ hasText: '@limitli' }).getByRole('button', { name: 'İşlemler' }).click();
      const actions = moderator.getByRole('dialog', { name: '@limitli hakkında işlemler' });
      await actions.getByText('Bu hesap hakkında henüz işlem yok.').waitFor();
      await actions.getByLabel('Gerekçe (üyeye gösterilir)').fill('Aynı bağlantıyı tekrar tekrar paylaşmak.');
      await actions.getByRole('button', { name: 'Sınırla' }).click();
      await actions.getByTestId('admin-action').filter({ hasText: 'Sınırlama' }).waitFor();
      await moderator.getByText('Hesap sınırlandırıldı.').first().waitFor();

      // A post after the limit (it also renews the shared first page), and one by somebody else.
      expect((await e2e.api('/api/posts', { body: { content: 'Sınırlandıktan sonraki gönderi' }, token: limitliToken })).status).toBe(201);
      expect((await e2e.api('/api/posts', { body: { content: 'Yabancının kendi gönderisi' }, token: await e2e.token(yabanci) })).status).toBe(201);
      await stranger.reload();
      await feed.getByText('Yabancının kendi gönderisi').waitFor();
      expect(await feed.getByText('Sınırlanmadan önceki gönderi').count()).toBe(0);
      expect(await feed.getByText('Sınırlandıktan sonraki gönderi').count()).toBe(0);
      // Hidden, not removed: the profile still shows them.
      await stranger.goto('/profile/limitli');
      await stranger.getByText('Sınırlandıktan sonraki gönderi').waitFor();

      await e2e.signIn(member, limitli);
      await member.goto('/notifications/moderation');
      const notice = member.getByTestId('moderation-notice');
      await notice.getByText('Hesabınız sınırlandırıldı: gönderileriniz yalnızca takipçilerinize ulaşır').waitFor();
      await notice.getByText('Aynı bağlantıyı tekrar tekrar paylaşmak.').waitFor();
      await notice.getByRole('button', { name: 'İtiraz et' }).waitFor();
      await member.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(member))).toEqual([]);
    });
  });

  it('the appeals queue and the notices page work at 390 px', async () => {
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('moderation-390', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.admin);
      await narrow.goto('/admin/appeals');
      await narrow.getByText('Bekleyen itiraz yok').waitFor();
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await narrow.goto('/notifications/moderation');
      await narrow.getByText('Hesabınız hakkında bir işlem yapılmadı.').waitFor();
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

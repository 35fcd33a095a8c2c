import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 26: a protected member (`Gönderilerimi koru`) approves a follow request in `Takip
 * istekleri`, and only then does the follower see their posts — live, without a reload.
 */
describe('protected account journey', () => {
  let e2e: E2E;
  let follower: Page;
  let owner: Page;
  const selma = { username: 'selmakilit', displayName: 'Selma Kilit', email: 'selmakilit@ornek.com', password: 'gizli123' };

  beforeAll(async () => {
    e2e = await startE2E();
    expect((await e2e.api('/api/auth/register', { body: selma })).status).toBe(201);
    // The settings' switch writes users.protected through another part of issue 26; here the scene is set directly.
    const client = new Client({ connectionString: e2e.databaseUrl });
    await client.connect();
    await client.query(`UPDATE users SET protected = true WHERE username = $1`, [selma.username]);
    await client.end();
    const token = await e2e.token({ email: selma.email, password: selma.password });
    expect((await e2e.api('/api/posts', { body: { content: 'Sadece takipçilerime: korunan selam' }, token })).status).toBe(201);
    ({ page: follower } = await e2e.newPage());
    ({ page: owner } = await e2e.newPage());
    await e2e.signIn(follower, DEMO.ayse);
    await e2e.signIn(owner, { email: selma.email, password: selma.password });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('the follower asks, the owner approves in Takip istekleri, and the posts appear for the follower', () =>
    withScreenshots('protected-account', [follower, owner], async () => {
      await follower.goto(`/profile/${selma.username}`);
      const profile = follower.getByRole('region', { name: selma.displayName, exact: true });
      await profile.getByText('Bu hesabın gönderileri korunuyor').waitFor();
      expect(await follower.getByText('korunan selam').count()).toBe(0);
      await profile.getByRole('button', { name: `Takip isteği gönder: ${selma.displayName}` }).click();
      await profile.getByRole('button', { name: /İstek gönderildi/ }).waitFor();
      expect(await follower.getByText('korunan selam').count()).toBe(0);

      // The owner's nav has the entry with a live badge of one pending request.
      await owner.goto('/');
      const entry = owner.getByRole('link', { name: /Takip istekleri/ }).first();
      await entry.waitFor();
      await entry.getByText('1 bekleyen takip isteği').waitFor({ state: 'attached' });
      await entry.click();
      await owner.waitForURL(/\/follow-requests$/);
      const list = owner.getByRole('list', { name: 'Bekleyen takip istekleri' });
      await list.getByText('Ayşe Yılmaz').waitFor();
      expect(describeViolations(await runAxe(owner))).toEqual([]);
      await list.getByRole('button', { name: /Ayşe Yılmaz adlı kişinin takip isteğini onayla/ }).click();
      await owner.getByText('Bekleyen takip isteği yok').waitFor();

      // The follower's open profile hears of the approval and shows the posts.
      await follower.getByText('Sadece takipçilerime: korunan selam').waitFor({ timeout: 10_000 });
      expect(await follower.getByText('Bu hesabın gönderileri korunuyor').count()).toBe(0);
      // Its card carries the lock beside the name.
      await follower.getByTestId('post-card').filter({ hasText: 'korunan selam' }).getByRole('img', { name: 'Korunan hesap' }).waitFor();
    }));

  it('a stranger (guest) opening the post by its link reads `Bu gönderi korunuyor`', async () => {
    const token = await e2e.token({ email: selma.email, password: selma.password });
    const own = await e2e.api<{ posts: { id: string }[] }>(`/api/posts/user/${selma.username}`, { token });
    const id = own.body.posts[0]?.id;
    expect(id).toEqual(expect.any(String));
    const { page: guest } = await e2e.newPage({ width: 390, height: 844 });
    await guest.goto(`/post/${id}`);
    await guest.getByText('Bu gönderi korunuyor').waitFor();
    expect(await guest.getByText('korunan selam').count()).toBe(0);
    expect(describeViolations(await runAxe(guest))).toEqual([]);
  });

  it('people search: a lock beside the name, `Takip et` becomes `İstek gönderildi` (kept after a reload), and a click withdraws the request', async () => {
    const asker = { username: 'merakliasker', displayName: 'Meraklı Can', email: 'merakliasker@ornek.com', password: 'gizli123' };
    expect((await e2e.api('/api/auth/register', { body: asker })).status).toBe(201);
    const { page } = await e2e.newPage();
    await withScreenshots('protected-account-people', [page], async () => {
      await e2e.signIn(page, asker);
      await page.goto(`/explore?q=${selma.username}`);
      const row = page.getByTestId('people-results').getByRole('listitem').filter({ hasText: selma.displayName });
      await row.getByRole('img', { name: 'Korunan hesap' }).waitFor({ timeout: 10_000 });
      await row.getByRole('button', { name: 'Takip et' }).click();
      await row.getByRole('button', { name: `İstek gönderildi, geri çekmek için tıklayın: ${selma.displayName}` }).waitFor();
      // The server has the request: a reload shows it pending, not followed.
      await page.reload();
      const pending = row.getByRole('button', { name: `İstek gönderildi, geri çekmek için tıklayın: ${selma.displayName}` });
      await pending.waitFor({ timeout: 10_000 });
      expect(describeViolations(await runAxe(page))).toEqual([]);
      await pending.click();
      await row.getByRole('button', { name: 'Takip et' }).waitFor();
      const token = await e2e.token({ email: selma.email, password: selma.password });
      const left = await e2e.api<{ requests: { user: { username: string } }[] }>('/api/users/me/follow-requests', { token });
      expect(left.body.requests.map((r) => r.user.username)).not.toContain(asker.username);
    });
  });
});

import type { Page } from 'playwright-core';
import { describeViolations, runAxe } from './axe';
import { DEMO, type E2E, postMenuButton, startE2E, withScreenshots } from './harness';

/**
 * Issue 25: muting in the browser. Ayşe mutes an account from its post's ⋯ menu and its post
 * leaves her feed without a reload; she mutes a word in `Sessize alınanlar` (by keyboard) and the
 * matching post leaves too; the page lists both (axe, wide and at 390 px); undoing both brings
 * the posts back.
 */
describe('mute journey', () => {
  let e2e: E2E;
  let a: Page;
  const quiet = { username: 'sessizkisi', displayName: 'Sessiz Kişi', email: 'sessizkisi@ornek.com', password: 'gizli123' };
  const loud = { username: 'yuksekses', displayName: 'Yüksek Ses', email: 'yuksekses@ornek.com', password: 'gizli123' };
  const stamp = Date.now();
  const quietText = `Sessize alınacak gönderi ${stamp}`;
  const wordText = `Bugün PAZARTESİ'ye hazırlık ${stamp}`;

  beforeAll(async () => {
    e2e = await startE2E();
    for (const account of [quiet, loud]) expect((await e2e.api('/api/auth/register', { body: account })).status).toBe(201);
    expect((await e2e.api('/api/posts', { body: { content: quietText }, token: await e2e.token(quiet) })).status).toBe(201);
    expect((await e2e.api('/api/posts', { body: { content: wordText }, token: await e2e.token(loud) })).status).toBe(201);
    ({ page: a } = await e2e.newPage());
    await e2e.signIn(a, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const feed = (page: Page) => page.getByRole('tabpanel');

  it('mutes from the post menu and by a word; Sessize alınanlar lists both and undoes them', () =>
    withScreenshots('mute', [a], async () => {
      await a.goto('/');
      const post = feed(a).getByRole('article').filter({ hasText: quietText }).first();
      await post.waitFor();
      await postMenuButton(post).click();
      await a.getByRole('menuitem', { name: `@${quiet.username} kullanıcısını sessize al` }).click();
      await a.getByText(`@${quiet.username} sessize alındı`).waitFor();
      // Gone from the open feed without a reload; the other account's post stays.
      await feed(a).getByText(quietText).waitFor({ state: 'detached' });
      await feed(a).getByText(wordText).first().waitFor();

      // A word, typed and sent by keyboard.
      await a.goto('/settings');
      const field = a.getByLabel('Sözcük ya da #etiket');
      await field.focus();
      await a.keyboard.type('pazartesi');
      await a.keyboard.press('Enter');
      await a.getByRole('list', { name: 'Sessize alınan sözcükler' }).getByText('pazartesi').waitFor();
      await a.getByRole('list', { name: 'Sessize alınan hesaplar' }).getByText(quiet.displayName).waitFor();
      // The same word again (Turkish case: PAZARTESİ is pazartesi): the server's Turkish refusal under the field.
      await field.fill('Pazartesi');
      await a.keyboard.press('Enter');
      await a.getByText('Bu sözcüğü zaten sessize aldınız.').waitFor();
      expect(describeViolations(await runAxe(a))).toEqual([]);

      await a.goto('/');
      await feed(a).getByRole('article').first().waitFor();
      expect(await feed(a).getByText(wordText).count()).toBe(0);
      expect(await feed(a).getByText(quietText).count()).toBe(0);

      // Undo both from the settings.
      await a.goto('/settings');
      await a.getByRole('button', { name: `Sessizden çıkar: ${quiet.displayName}` }).click();
      await a.getByText('Kimseyi sessize almadınız.').waitFor();
      await a.getByRole('button', { name: 'Kaldır: pazartesi' }).click();
      await a.getByText('Sessize aldığınız sözcük yok.').waitFor();
      await a.goto('/');
      await feed(a).getByText(quietText).first().waitFor();
      await feed(a).getByText(wordText).first().waitFor();
    }));

  it('Sessize alınanlar at 390 px: no serious or critical violations, nothing wider than the screen, and the profile ⋯ menu mutes', async () => {
    const { page: narrow } = await e2e.newPage({ width: 390, height: 844 });
    await withScreenshots('mute-390', [narrow], async () => {
      await e2e.signIn(narrow, DEMO.ayse);
      await narrow.goto(`/profile/${loud.username}`);
      await narrow.getByRole('button', { name: 'Hesap işlemleri' }).click();
      await narrow.getByRole('menuitem', { name: `@${loud.username} kullanıcısını sessize al` }).click();
      await narrow.getByText(`@${loud.username} sessize alındı`).waitFor();
      await narrow.getByRole('button', { name: 'Hesap işlemleri' }).click();
      await narrow.getByRole('menuitem', { name: `@${loud.username} kullanıcısını sessizden çıkar` }).waitFor();
      await narrow.keyboard.press('Escape');
      // The muted account's profile still shows its posts to the muter.
      await narrow.getByText(wordText).first().waitFor();
      await narrow.goto('/settings');
      await narrow.getByRole('list', { name: 'Sessize alınan hesaplar' }).getByText(loud.displayName).waitFor();
      await narrow.waitForLoadState('networkidle');
      expect(describeViolations(await runAxe(narrow))).toEqual([]);
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
});

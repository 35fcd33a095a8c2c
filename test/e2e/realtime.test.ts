import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/** Journey 4: two people in two browser contexts see each other's actions without reloading. */
describe('realtime journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;
  beforeAll(async () => {
    e2e = await startE2E();
    ({ page: a } = await e2e.newPage());
    ({ page: b } = await e2e.newPage());
    await e2e.signIn(a, DEMO.admin);
    await e2e.signIn(b, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const likeCount = async (page: Page, text: string) => {
    const count = page.getByRole('article').filter({ hasText: text }).first().getByTestId('like-count');
    return Number((await count.innerText()).replace(/\D/g, '') || '0');
  };

  it("B sees A's like count change without reloading", () =>
    withScreenshots('realtime-like', [a, b], async () => {
      const text = 'Günaydın gündem! Bugün neler konuşuyoruz?';
      await b.goto('/');
      await b.getByText(text).waitFor();
      const before = await likeCount(b, text);
      await a.goto('/');
      await a.getByRole('article').filter({ hasText: text }).first().getByRole('button', { name: /Beğen/ }).click();
      await b.waitForFunction(
        ([t, n]) => {
          const article = [...document.querySelectorAll('article')].find((el) => el.textContent?.includes(t as string));
          const like = article?.querySelector('.post-action--like');
          return Number((like?.textContent ?? '').replace(/\D/g, '') || 0) === n;
        },
        [text, before + 1] as const,
        { timeout: 5_000 },
      );
    }));

  it("B's feed shows the new-posts pill after A posts, and it brings the post in", () =>
    withScreenshots('realtime-pill', [a, b], async () => {
      await b.goto('/');
      await b.getByRole('article').first().waitFor();
      await a.goto('/');
      await a.getByRole('textbox', { name: 'Gönderi metni' }).fill('Canlı akış denemesi #e2e');
      await a.getByRole('button', { name: 'Gönder', exact: true }).click();
      const pill = b.getByRole('button', { name: /1 yeni gönderi/ });
      await pill.waitFor({ timeout: 5_000 });
      // The feed did not jump by itself.
      expect(await b.getByText('Canlı akış denemesi').count()).toBe(0);
      await pill.click();
      await b.getByText('Canlı akış denemesi').first().waitFor();
    }));

  it("B sees A's message arrive in the open conversation without reloading", () =>
    withScreenshots('realtime-message', [a, b], async () => {
      const adminToken = await e2e.token(DEMO.admin);
      const ayse = await e2e.api<{ user: { id: string } }>('/api/users/profile/ayse');
      // A conversation must exist for B to open it from the list.
      expect((await e2e.api('/api/messages/send', { body: { receiverId: ayse.body.user.id, content: 'Merhaba Ayşe!' }, token: adminToken })).status).toBe(201);
      await b.goto('/messages');
      await b.getByText('gündem Yönetici').first().click();
      await b.getByText('Merhaba Ayşe!').first().waitFor();

      await a.goto('/messages?user=ayse');
      const box = a.getByRole('textbox').last();
      await box.fill('Canlı mesaj geldi mi?');
      await box.press('Enter');
      await b.getByText('Canlı mesaj geldi mi?').first().waitFor({ timeout: 5_000 });
    }));
});

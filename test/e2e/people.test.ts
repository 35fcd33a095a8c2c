import type { Page } from 'playwright-core';
import { DEMO, type E2E, startE2E, withScreenshots } from './harness';

/**
 * Issue 15's finding people, in two browser contexts: member A starts a conversation with B from
 * the messages screen's people picker (typing B's display name, Turkish letters and all) and B
 * receives the message live; explore's search for B's name shows B among the people, above the
 * posts.
 */
describe('finding people journey', () => {
  let e2e: E2E;
  let a: Page;
  let b: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    [a, b] = await e2e.signedInPair(DEMO.admin, DEMO.ayse);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('A opens Mesajlar → new message → types B’s name → picks B → sends; B receives it', () =>
    withScreenshots('people-picker', [a, b], async () => {
      const text = `Seçiciden merhaba ${Date.now()}`;
      await b.goto('/messages');
      await b.getByTestId('socket-status').waitFor({ state: 'attached', timeout: 10_000 });
      await a.goto('/messages');
      await a.getByRole('button', { name: 'Yeni mesaj' }).click();
      const dialog = a.getByRole('dialog', { name: 'Yeni mesaj' });
      const box = dialog.getByRole('combobox', { name: 'Kişi ara' });
      await box.waitFor();
      // B's display name, upper case with a Turkish letter and a space: only the name matches.
      await box.pressSequentially('AYŞE Y', { delay: 30 });
      const option = dialog.getByRole('option', { name: /Ayşe Yılmaz/ });
      await option.waitFor({ timeout: 10_000 });
      expect(await dialog.getByRole('option').count()).toBe(1);
      expect(await option.getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await a.waitForURL(/\/messages\?user=ayse$/);

      const input = a.getByRole('textbox', { name: 'Mesaj' });
      await input.waitFor();
      await input.fill(text);
      await input.press('Enter');
      await a.getByTestId('message').filter({ hasText: text }).waitFor({ timeout: 10_000 });

      // B's list gets the new conversation live, and it opens to the message.
      const conversation = b.getByTestId('conversation').filter({ hasText: text });
      await conversation.waitFor({ timeout: 10_000 });
      await conversation.click();
      await b.getByTestId('message').filter({ hasText: text }).waitFor({ timeout: 10_000 });

      // B's list filters by name as B types (Turkish case rules), and says when nothing matches.
      const filter = b.getByRole('searchbox', { name: 'Mesajlarda ara' });
      await filter.fill('YÖNET');
      await b.getByTestId('conversation').filter({ hasText: text }).waitFor();
      await filter.fill('kimseyok');
      await b.getByText('"kimseyok" ile eşleşen sohbet yok').waitFor();
    }));

  it('explore’s search for B’s name shows B in the people section above the posts', () =>
    withScreenshots('people-explore', [a], async () => {
      await a.goto(`/explore?q=${encodeURIComponent('ayşe')}`);
      const people = a.getByTestId('people-results');
      const row = people.getByRole('listitem').filter({ hasText: '@ayse' });
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getByRole('link', { name: /Ayşe Yılmaz/ }).getAttribute('href')).toBe('/profile/ayse');
      await row.getByRole('button', { name: /Takip/ }).waitFor();
      // The people section comes before the posts' heading in the page.
      const order = await a.evaluate(() => {
        const section = document.querySelector('[data-testid="people-results"]');
        const posts = Array.from(document.querySelectorAll('h2')).find((h) => h.textContent === 'Gönderiler');
        return section && posts ? section.compareDocumentPosition(posts) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).toBeTruthy();

      // B's surname alone, in capitals with the dotless I: a later word of the name finds her too.
      await a.goto(`/explore?q=${encodeURIComponent('YILMAZ')}`);
      const bySurname = a.getByTestId('people-results').getByRole('listitem').filter({ hasText: '@ayse' });
      await bySurname.waitFor({ timeout: 10_000 });
      expect(await bySurname.getByRole('link', { name: /Ayşe Yılmaz/ }).getAttribute('href')).toBe('/profile/ayse');
    }));
});

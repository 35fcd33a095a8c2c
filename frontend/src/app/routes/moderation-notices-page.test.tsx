import type { ModerationNotice, ModerationNoticesResponse } from '@gundem/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, member, renderWithProviders } from '../../test/render';
import { NoticesPage } from './moderation-notices-page';
import { SuspensionNotices } from '../../features/moderation/components/suspension-notices';

function notice(overrides: Partial<ModerationNotice> & { id: string }): ModerationNotice {
  return {
    kind: 'warn',
    reason: 'Hakaret içeren yanıtlar.',
    createdAt: '2026-11-20T10:00:00.000Z',
    endsAt: null,
    revokedAt: null,
    lifted: false,
    postRestored: false,
    rule: null,
    removedPost: null,
    appeal: null,
    canAppeal: true,
    ...overrides,
  };
}

const WARN = notice({ id: 'a-warn' });
const SUSPEND = notice({ id: 'a-suspend', kind: 'suspend', reason: 'Taciz.', endsAt: '2026-12-04T10:00:00.000Z' });
const DECIDED = notice({
  id: 'a-old',
  reason: 'Spam.',
  canAppeal: false,
  appeal: { id: 'ap1', text: 'Spam değildi.', createdAt: '2026-11-01T10:00:00.000Z', status: 'rejected', decidedAt: '2026-11-02T10:00:00.000Z', reply: 'Kayıtlar spam gösteriyor.' },
});

const answer = (notices: ModerationNotice[]) => ({ body: { notices } satisfies ModerationNoticesResponse });

describe('the member’s moderation notices', () => {
  it('shows a loading state, then each notice with its kind, reason, end date and appeal state', async () => {
    const reply = deferred<ReturnType<typeof answer>>();
    renderWithProviders(<NoticesPage />, { user: member, path: '/notifications/moderation', fetch: { 'GET /api/moderation/notices': () => reply.promise } });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    reply.resolve(answer([SUSPEND, WARN, DECIDED]));
    const items = await screen.findAllByTestId('moderation-notice');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('heading', { name: 'Hesap askıya alındı' })).toBeTruthy();
    expect(items[0].textContent).toContain('Bitiş:');
    expect(items[0].textContent).toContain('Gerekçe: Taciz.');
    expect(within(items[1]).getByRole('button', { name: 'İtiraz et' })).toBeTruthy();
    expect(within(items[2]).queryByRole('button', { name: 'İtiraz et' })).toBeNull();
    expect(items[2].textContent).toContain('İtirazınız reddedildi');
    expect(items[2].textContent).toContain('Ekibin yanıtı: Kayıtlar spam gösteriyor.');
  });

  it('shows a removed post’s notice with the post, the rule (Kural N) and the reason; an accepted appeal says whether the post was restored', async () => {
    const removed = notice({
      id: 'a-removed',
      kind: 'post_removed',
      reason: 'Reklam.',
      rule: { id: null, number: 2, text: 'Spam yapmayın.' },
      removedPost: { id: 'p1', content: 'satılık araba, hemen ara', createdAt: '2026-11-19T10:00:00.000Z' },
    });
    const accepted = notice({
      id: 'a-removed-2',
      kind: 'post_removed',
      reason: 'Reklam.',
      lifted: true,
      canAppeal: false,
      removedPost: { id: 'p2', content: 'ikinci', createdAt: '2026-11-18T10:00:00.000Z' },
      appeal: { id: 'ap2', text: 'Reklam değil.', createdAt: '2026-11-19T10:00:00.000Z', status: 'accepted', decidedAt: '2026-11-20T10:00:00.000Z', reply: null },
    });
    const restored = notice({ ...accepted, id: 'a-removed-3', postRestored: true, removedPost: { id: 'p3', content: 'üçüncü', createdAt: '2026-11-17T10:00:00.000Z' } });
    const undone = notice({ id: 'a-removed-4', kind: 'post_removed', lifted: true, canAppeal: false, postRestored: true, revokedAt: '2026-11-20T10:00:00.000Z' });
    renderWithProviders(<NoticesPage />, {
      user: member,
      path: '/notifications/moderation',
      fetch: { 'GET /api/moderation/notices': answer([removed, accepted, restored, undone]) },
    });
    const [item, done, back, byStaff] = await screen.findAllByTestId('moderation-notice');
    expect(within(item).getByRole('heading', { name: 'Gönderiniz kaldırıldı' })).toBeTruthy();
    expect(within(item).getByTestId('removed-post').textContent).toBe('satılık araba, hemen ara');
    expect(within(item).getByTestId('notice-rule').textContent).toBe('İhlal edilen kural: Kural 2: Spam yapmayın.');
    expect(item.textContent).toContain('Gerekçe: Reklam.');
    expect(within(item).getByRole('button', { name: 'İtiraz et' })).toBeTruthy();
    expect(within(done).queryByTestId('notice-rule')).toBeNull();
    expect(done.textContent).toContain('Gönderinin saklanan bir kopyası olmadığı için gönderi geri yüklenemedi.');
    expect(back.textContent).toContain('İtirazınız kabul edildi; gönderiniz geri yüklendi.');
    expect(within(back).queryByTestId('post-restored')).toBeNull();
    expect(within(byStaff).getByTestId('post-restored').textContent).toBe('Kaldırma kararı geri alındı; gönderiniz geri yüklendi.');
  });

  it('shows the empty state', async () => {
    renderWithProviders(<NoticesPage />, { user: member, fetch: { 'GET /api/moderation/notices': answer([]) } });
    expect(await screen.findByText('Hesabınız hakkında bir işlem yapılmadı.')).toBeTruthy();
  });

  it('shows the error state with the server’s message and retries', async () => {
    let calls = 0;
    renderWithProviders(<NoticesPage />, {
      user: member,
      fetch: {
        'GET /api/moderation/notices': () => (++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'Sunucuda beklenmeyen bir hata oluştu.' } } : answer([WARN])),
      },
    });
    expect(await screen.findByText('Sunucuda beklenmeyen bir hata oluştu.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('moderation-notice')).toBeTruthy();
  });

  it('sends one appeal by keyboard and shows its state; a refusal shows the server’s words', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithProviders(<NoticesPage />, {
      user: member,
      fetch: {
        'GET /api/moderation/notices': answer([WARN]),
        'POST /api/moderation/notices/a-warn/appeal': (init) => {
          const { text } = JSON.parse(String(init?.body)) as { text: string };
          if (text.trim() === 'ikinci') return { status: 409, body: { statusCode: 409, message: 'Bu işleme zaten itiraz ettiniz; her işleme bir kez itiraz edilebilir.' } };
          return { status: 201, body: { message: 'İtirazınız alındı.', appeal: { id: 'ap', text, createdAt: '2026-11-21T10:00:00.000Z', status: 'pending', decidedAt: null, reply: null } } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'İtiraz et' }));
    const box = screen.getByRole('textbox', { name: 'İtirazınız' });
    expect(document.activeElement).toBe(box);
    await user.click(screen.getByRole('button', { name: 'İtirazı gönder' }));
    expect(await screen.findByText('Lütfen itirazınızı yazın.')).toBeTruthy();
    await user.type(box, 'ikinci');
    await user.click(screen.getByRole('button', { name: 'İtirazı gönder' }));
    expect(await screen.findByText('Bu işleme zaten itiraz ettiniz; her işleme bir kez itiraz edilebilir.')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'Yanlış anlaşıldı.');
    await user.click(screen.getByRole('button', { name: 'İtirazı gönder' }));
    expect(await screen.findByTestId('appeal-status')).toBeTruthy();
    expect(screen.getByTestId('appeal-status').textContent).toContain('İtirazınız inceleniyor');
    expect(screen.queryByRole('button', { name: 'İtiraz et' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  });

  it('names a limit and what it does, with no end date, and appeals it like any action', async () => {
    const user = userEvent.setup();
    const LIMIT = notice({ id: 'a-limit', kind: 'limit', reason: 'Aynı bağlantıyı tekrar tekrar paylaşmak.' });
    const { calls } = renderWithProviders(<NoticesPage />, {
      user: member,
      fetch: {
        'GET /api/moderation/notices': answer([LIMIT]),
        'POST /api/moderation/notices/a-limit/appeal': (init) => ({
          status: 201,
          body: { message: 'İtirazınız alındı.', appeal: { id: 'ap', text: JSON.parse(String(init?.body)).text, createdAt: '2026-11-21T10:00:00.000Z', status: 'pending', decidedAt: null, reply: null } },
        }),
      },
    });
    const item = await screen.findByTestId('moderation-notice');
    expect(within(item).getByRole('heading', { name: 'Hesabınız sınırlandırıldı: gönderileriniz yalnızca takipçilerinize ulaşır' })).toBeTruthy();
    expect(item.textContent).toContain('Gerekçe: Aynı bağlantıyı tekrar tekrar paylaşmak.');
    expect(item.textContent).not.toContain('Bitiş:');
    await user.click(within(item).getByRole('button', { name: 'İtiraz et' }));
    await user.type(screen.getByRole('textbox', { name: 'İtirazınız' }), 'Spam yapmadım.');
    await user.click(screen.getByRole('button', { name: 'İtirazı gönder' }));
    expect((await screen.findByTestId('appeal-status')).textContent).toContain('İtirazınız inceleniyor');
    expect(calls.find((c) => c.url === '/api/moderation/notices/a-limit/appeal')?.body).toEqual({ text: 'Spam yapmadım.' });
  });

  it('under a suspended login: the standing suspension only, appealed with the token (no session)', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithProviders(<SuspensionNotices token="tok-appeal" />, {
      fetch: {
        'POST /api/moderation/suspension/notices': answer([SUSPEND, WARN]),
        'POST /api/moderation/suspension/appeal': (init) => ({
          status: 201,
          body: { message: 'İtirazınız alındı.', appeal: { id: 'ap', text: JSON.parse(String(init?.body)).text, createdAt: '2026-11-21T10:00:00.000Z', status: 'pending', decidedAt: null, reply: null } },
        }),
      },
    });
    expect(await screen.findAllByTestId('moderation-notice')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'İtiraz et' }));
    await user.type(screen.getByRole('textbox', { name: 'İtirazınız' }), 'Taciz etmedim.');
    await user.click(screen.getByRole('button', { name: 'İtirazı gönder' }));
    expect(await screen.findByTestId('appeal-status')).toBeTruthy();
    const sent = calls.find((c) => c.url === '/api/moderation/suspension/appeal');
    expect(sent?.body).toEqual({ token: 'tok-appeal', actionId: 'a-suspend', text: 'Taciz etmedim.' });
  });
});

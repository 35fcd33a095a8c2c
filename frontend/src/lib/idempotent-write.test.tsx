import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ComposeBox } from '../features/posts/components/compose-box';
import { createTestQueryClient, member, renderWithProviders } from '../test/render';
import { makePost } from '../test/fixtures';
import { ApiError, NetworkError } from './api-client';
import {
  idempotencyKeyFor,
  installWriteRetries,
  newIdempotencyKey,
  shouldRetryWrite,
} from './idempotent-write';

describe('idempotent writes', () => {
  it('a fresh key per attempt, the same key for the same attempt', () => {
    const first = { content: 'a' };
    const second = { content: 'a' };
    expect(idempotencyKeyFor(first)).toBe(idempotencyKeyFor(first));
    expect(idempotencyKeyFor(second)).not.toBe(idempotencyKeyFor(first));
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('builds a v4 UUID without crypto.randomUUID (plain http on a LAN)', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('retries only when the service was unreachable (no answer, 502/504, 503 with Retry-After); at most twice', () => {
    expect(shouldRetryWrite(0, new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(shouldRetryWrite(1, new ApiError(503, 'Veritabanına ulaşılamıyor', null, 5))).toBe(true);
    expect(shouldRetryWrite(0, new ApiError(502, null, null))).toBe(true);
    expect(shouldRetryWrite(2, new NetworkError(null))).toBe(false);
    // Maintenance mode is an answer (503 without Retry-After): asking again changes nothing.
    expect(shouldRetryWrite(0, new ApiError(503, 'Bakım modu', null))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(500, null, null))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(400, 'Gönderi boş olamaz.', null))).toBe(false);
  });

  it("the compose box's retry after a lost answer resends the same Idempotency-Key; the next post gets a new one", async () => {
    let attempts = 0;
    const created = makePost({ _id: 'new-1', content: 'Tek gönderi' });
    const { calls } = renderWithProviders(<ComposeBox />, {
      user: member,
      // The app's policy (app/providers.tsx); the tests' default client retries nothing.
      queryClient: installWriteRetries(createTestQueryClient()),
      fetch: {
        'POST /api/posts': () => {
          attempts += 1;
          // The first answer is lost (a node draining cut the connection).
          return attempts === 1 ? { networkError: true } : { status: 201, body: { post: created } };
        },
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Gönderi metni' });
    await userEvent.type(box, 'Tek gönderi');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    const posts = calls.filter((call) => call.method === 'POST' && call.url === '/api/posts');
    expect(posts).toHaveLength(2);
    const key = posts[0].headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['Idempotency-Key']).toBe(key);

    await userEvent.type(box, 'İkinci gönderi');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'POST')[2].headers['Idempotency-Key']).not.toBe(key);
  });
});

// Helpers for the admin component tests: mount the real route table at an /admin path with a
// signed-in staff member and stubbed API answers.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import type { Post, User } from '../lib/types';
import { mockFetch, type MockReply, type MockRoutes } from './fetch-mock';
import { makePost as makeFixturePost } from './fixtures';

/** Answers chosen from the query string: `{ 'GET /api/admin/users': (params) => reply }`. */
export type QueryRoutes = Record<string, (params: URLSearchParams) => MockReply>;

/** The fields the server always sends that no admin test looks at. */
const PROFILE = {
  bio: '',
  location: '',
  website: '',
  followingCount: 0,
  followersCount: 0,
  postsCount: 0,
  coverImage: null,
  profileImage: null,
  protected: false,
};

export const ADMIN: User = {
  ...PROFILE,
  _id: 'u-admin',
  id: 'u-admin',
  username: 'yonetici',
  displayName: 'Yönetici Hanım',
  email: 'admin@gundem.local',
  role: 'admin',
  isActive: true,
  isVerified: true,
  createdAt: '2025-01-10T09:00:00.000Z',
};

export const MODERATOR: User = {
  ...PROFILE,
  _id: 'u-mod',
  id: 'u-mod',
  username: 'moderator',
  displayName: 'Mert Moderatör',
  role: 'moderator',
  isActive: true,
  isVerified: false,
  createdAt: '2025-01-10T09:00:00.000Z',
};

export function makeUser(overrides: Partial<User> & { _id: string }): User {
  return {
    ...PROFILE,
    id: overrides._id,
    username: overrides._id,
    displayName: overrides._id,
    email: `${overrides._id}@ornek.com`,
    role: 'user',
    isActive: true,
    isVerified: false,
    isEmailVerified: true,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A back-office post: Ayşe's, with a few likes, reposts and replies (the shared fixture's shape). */
export function makePost(overrides: Partial<Post> & { _id: string }): Post {
  return makeFixturePost({
    content: `Gönderi ${overrides._id}`,
    createdAt: '2026-03-05T10:00:00.000Z',
    likeCount: 3,
    retweetCount: 1,
    replyCount: 2,
    author: { _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz', isVerified: true },
    ...overrides,
  });
}

/** Signs `user` in, renders the app at `path` and waits for the admin frame. */
export async function renderAdmin(
  path: string,
  {
    user = ADMIN,
    api = {},
    byQuery = {},
  }: { user?: User; api?: MockRoutes; byQuery?: QueryRoutes } = {},
) {
  localStorage.setItem('gundem_token', 'tok');
  const routesByQuery: MockRoutes = {};
  let nextParams = new URLSearchParams();
  for (const [key, reply] of Object.entries(byQuery)) routesByQuery[key] = () => reply(nextParams);
  const mock = mockFetch({ 'GET /api/auth/me': { body: { user } }, ...api, ...routesByQuery });
  const inner = mock.fetchMock.getMockImplementation();
  mock.fetchMock.mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    nextParams = new URL(url, 'http://localhost').searchParams;
    return inner!(input, init);
  });
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  await screen.findByRole('navigation', { name: 'Yönetim menüsü' });
  return mock;
}

type FetchMock = ReturnType<typeof mockFetch>['fetchMock'];

/**
 * Holds the fetches `held` picks until `open()` is called. `readFirst`: the server answers each at
 * once (as it saw things when the request left) and only the answer waits.
 */
function gateRequests(
  fetchMock: FetchMock,
  held: (input: unknown, init: RequestInit | undefined) => boolean,
  readFirst: boolean,
) {
  const inner = fetchMock.getMockImplementation();
  if (!inner) throw new Error('fetch is not mocked');
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  fetchMock.mockImplementation(async (input, init) => {
    if (!held(input, init)) return inner(input, init);
    const answer = readFirst ? inner(input, init) : undefined;
    await gate;
    return answer ?? inner(input, init);
  });
  return () => open();
}

/** Holds every fetch of `method` until `release()` is called, to look at the screen meanwhile. */
export function holdRequests(fetchMock: FetchMock, method: string) {
  const release = gateRequests(fetchMock, (_input, init) => (init?.method ?? 'GET').toUpperCase() === method, false);
  return { release };
}

/**
 * Requests whose URL contains `part` are answered as the server saw them when they left, but only
 * once `deliver()` is called: a search sent before a change whose answer arrives after it.
 */
export function answerLate(fetchMock: FetchMock, part: string) {
  const deliver = gateRequests(fetchMock, (input) => String(input).includes(part), true);
  return { deliver };
}

/** The search parameters of the recorded calls to `path`. */
export function queriesOf(calls: { method: string; url: string }[], path: string) {
  return calls
    .filter((call) => call.method === 'GET' && call.url.split('?')[0] === path)
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
}

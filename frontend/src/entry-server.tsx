// The server's render of a guest's `/` (issue 13): the app's own tree for `/`, as the browser's
// first render of it shows a guest, so the HTML paints the feed before any script has run and
// main.tsx then hydrates it. Built by Vite's SSR build into frontend/dist-ssr/ (not served);
// backend/src/common/spa/home-page.ts loads it and puts the markup into index.html's #root.
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppWithRouter } from './app/app';
import { provideFirstPage } from './features/posts/api/get-timeline';
import { EXPLORE_DATA_ELEMENT_ID, type ExploreData, provideExploreData } from './features/trending/api/explore-data';
import { type MemberState, MemberStateContext } from './lib/member-state';
import { RenderClock } from './lib/render-clock';
import type { PostsPage } from './lib/types';
import { tr } from './locales/tr';
import { trExplore } from './locales/tr-explore';

/** A StaticRouter at `location`, one component per location (a stable type across renders). */
const routers = new Map<string, ComponentType<{ children: ReactNode }>>();
function routerAt(location: string) {
  let Router = routers.get(location);
  if (!Router) {
    Router = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
    routers.set(location, Router);
  }
  return Router;
}

/**
 * A page as entry-server renders it: a member's state (null for a guest) by context around the
 * app's tree at `location` (`/` unless said).
 */
function homeTree(state: MemberState | null, now: number, location = '/') {
  return (
    <StrictMode>
      <MemberStateContext.Provider value={state}>
        <RenderClock serverNow={now}>
          <AppWithRouter Router={routerAt(location)} />
        </RenderClock>
      </MemberStateContext.Provider>
    </StrictMode>
  );
}

/** Markup that React left partly to the browser: a lazy part not loaded (an inline script the CSP refuses). */
const UNFINISHED = /<!--\$[?!]-->|<script/;

/**
 * The markup of `#root` for a guest's `/` with `pageJson` (the JSON of GET
 * /api/posts/timeline/ranked?limit=20, the global ranking, the page also carries as its data block) at the moment `now`
 * (ms; the relative times of the cards, which the browser's hydrating render uses too: it gets
 * it from the root's data-now). React escapes every text and attribute.
 *
 * Mirrors main.tsx's hydrateRoot tree exactly: StrictMode, the member state's context (null here), RenderClock, the providers, the routes.
 */
export function renderGuestHome(pageJson: string, now: number): string {
  provideFirstPage(JSON.parse(pageJson) as PostsPage);
  return renderToString(homeTree(null, now));
}

/** A member and one post of their own: every part a member's `/` loads on demand shows (the ⋯ menu). */
function warmUpState(): MemberState {
  const author = { _id: 'isinma', id: 'isinma', username: 'isinma', displayName: 'Isınma', isVerified: false, profileImage: null };
  const user = { ...author, bio: '', location: '', website: '', createdAt: new Date(0).toISOString(), isActive: true, role: 'user', followingCount: 0, followersCount: 0, postsCount: 1, coverImage: null, protected: true };
  const post = { _id: 'isinma-1', id: 'isinma-1', content: 'Isınma', author, createdAt: new Date(0).toISOString(), likeCount: 0, repostCount: 0, replyCount: 0, liked: false, reposted: false };
  return { sub: 'isinma', user, page: { posts: [post], nextCursor: null } } as unknown as MemberState;
}

let warm: Promise<void> | null = null;

/**
 * Loads, once, the parts of a member's screen that come on demand (React.lazy; the ⋯ menu was one
 * until issue 23: its button is now the card's own and its items come on the first click), by a prerender of a made-up member that waits for them: renderMemberHome can then
 * render synchronously with every part in place. The backend awaits it before it uses the render.
 */
export function warmMemberHome(): Promise<void> {
  warm ??= (async () => {
    const { prelude } = await prerenderToNodeStream(homeTree(warmUpState(), Date.now()));
    for await (const chunk of prelude) void chunk;
  })();
  return warm;
}

/**
 * The markup of `#root` for a member's `/` (issue 13; backend/src/common/spa/member-home-page.ts):
 * `stateJson` is the page's `gundem-member-state` block (the account and first timeline page, with
 * the member's flags), given to the tree by context as main.tsx gives the browser's hydrating
 * render the same block (lib/member-state.ts), at the moment `now`. The state goes by context,
 * never module state, so no other render can see it. The home tab rendered is `Size özel`: the
 * server sends no markup to a member who chose `Takip edilenler` (its cookie,
 * features/posts/hooks/use-home-feed.ts).
 *
 * Throws when a part of the screen was not loaded yet (see warmMemberHome): React would leave it
 * for the browser, with an inline script the CSP refuses and an error at hydration; the page then
 * goes without markup.
 */
export function renderMemberHome(stateJson: string, now: number): string {
  const html = renderToString(homeTree(JSON.parse(stateJson) as MemberState, now));
  if (UNFINISHED.test(html)) throw new Error('Üye ekranının bir parçası henüz yüklenmedi (warmMemberHome).');
  return html;
}

/**
 * The guests' pages besides `/` that the server renders (issue 13: a phone paints them from the
 * HTML, as `/`): pages whose screen is the same for every guest, each with the build's manifest
 * key of its lazy screen (the server links that chunk's stylesheet and preloads its code, so the
 * markup paints styled and hydrates without waiting for a second round trip), its document title
 * (the one useDocumentTitle sets) and, for a page rendered from data, the id of the data block
 * the server puts that data in for the browser's hydrating render. Explore's default tab (issue
 * 26): the real 7-day trends and the guests' suggestions (features/trending/api/explore-data.ts),
 * the same for every guest.
 */
export const GUEST_PAGES: Record<string, { module: string; title: string; dataElementId?: string }> = {
  '/explore': { module: 'src/app/routes/explore-page.tsx', title: tr.app.pageTitle(trExplore.title), dataElementId: EXPLORE_DATA_ELEMENT_ID },
};

/** GUEST_PAGES for the server (it reads the module's functions only). */
export function guestPageList(): typeof GUEST_PAGES {
  return GUEST_PAGES;
}

let warmPages: Promise<void> | null = null;

/** Loads, once, the lazy screens of GUEST_PAGES, as warmMemberHome does for a member's `/`. */
export function warmGuestPages(): Promise<void> {
  warmPages ??= (async () => {
    for (const path of Object.keys(GUEST_PAGES)) {
      const { prelude } = await prerenderToNodeStream(homeTree(null, Date.now(), path));
      for await (const chunk of prelude) void chunk;
    }
  })();
  return warmPages;
}

/**
 * The markup of `#root` for a guest's `path` (one of GUEST_PAGES) at the moment `now`, which
 * main.tsx hydrates as it does a guest's `/`; `dataJson`, for a page with a data block, is that
 * block's JSON (Explore: `{ trends, users }`), without which the page renders its lists loading.
 * Throws for another path, or when the screen's lazy part was not loaded yet (warmGuestPages):
 * the page then goes as plain index.html.
 */
export function renderGuestPage(path: string, now: number, dataJson?: string): string {
  if (!Object.hasOwn(GUEST_PAGES, path)) throw new Error(`${path} sunucuda çizilen bir sayfa değil.`);
  if (GUEST_PAGES[path].dataElementId === EXPLORE_DATA_ELEMENT_ID) {
    const data = dataJson ? (JSON.parse(dataJson) as Partial<ExploreData>) : null;
    provideExploreData(data && Array.isArray(data.trends) && Array.isArray(data.users) ? { trends: data.trends, users: data.users } : null);
  }
  const html = renderToString(homeTree(null, now, path));
  if (UNFINISHED.test(html)) throw new Error(`${path} sayfasının bir parçası henüz yüklenmedi (warmGuestPages).`);
  return html;
}

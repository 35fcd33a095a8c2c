// The server's render of a guest's `/` (issue 13): the app's own tree for `/`, as the browser's
// first render of it shows a guest, so the HTML paints the feed before any script has run and
// main.tsx then hydrates it. Built by Vite's SSR build into frontend/dist-ssr/ (not served);
// backend/src/common/spa/home-page.ts loads it and puts the markup into index.html's #root.
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppWithRouter } from './app/app';
import { provideFirstPage } from './features/posts/api/get-timeline';
import { RenderClock } from './lib/render-clock';
import type { PostsPage } from './lib/types';

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

/**
 * The markup of `#root` for a guest's `/` with `pageJson` (the JSON of GET
 * /api/posts/timeline?limit=20 the page also carries as its data block) at the moment `now`
 * (ms; the relative times of the cards, which the browser's hydrating render uses too: it gets
 * it from the root's data-now). React escapes every text and attribute.
 *
 * Mirrors main.tsx's hydrateRoot tree exactly: StrictMode, RenderClock, the providers, the routes.
 */
export function renderGuestHome(pageJson: string, now: number): string {
  provideFirstPage(JSON.parse(pageJson) as PostsPage);
  return renderToString(
    <StrictMode>
      <RenderClock serverNow={now}>
        <AppWithRouter Router={HomeRouter} />
      </RenderClock>
    </StrictMode>,
  );
}

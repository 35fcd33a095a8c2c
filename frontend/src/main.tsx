import { StrictMode, startTransition, type ErrorInfo } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchTimeline } from './features/posts/api/get-timeline';
import { preloadComposeBox } from './features/posts/components/home-compose';
import { readChoice, syncHomeFeedCookie } from './features/posts/hooks/use-home-feed';
import { getToken } from './lib/api-client';
import { MemberStateContext, readMemberState } from './lib/member-state';
import { applyDisplayPreferences, cachedDisplay, displayLanguage } from './lib/preferences';
import { loadRealtime } from './lib/realtime/hooks';
import { RenderClock } from './lib/render-clock';
import './styles/global.css';

// The stored theme and font size are on <html> already: the <head>'s display script
// (display-boot.ts) set them before the first paint (a member's: the cache of the account's);
// applying them again here is the same and records the language the page starts in (a later
// change of it reloads the page). The language's texts are applied before the first render (below).
const display = { ...cachedDisplay(), language: displayLanguage() };
applyDisplayPreferences(display);

// The server reads the home tab's choice from its cookie (a choice from before the cookie gets it).
syncHomeFeedCookie();

// The home timeline goes out with the session check, not after it (issue 13).
if (window.location.pathname === '/') prefetchTimeline();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** A hydration that had to throw the server's markup away: a bug to see, in every build. */
function onRecoverableError(error: unknown, info: ErrorInfo) {
  console.error('gündem: sunucu çizimi tutmadı', error, info.componentStack ?? '');
}

// `/` comes rendered by the server (data-ssr): a guest's (backend/src/common/spa/home-page.ts)
// or a member's from the state the page carries (member-home-page.ts). Hydrate exactly the tree
// entry-server.tsx rendered, at the server's moment (data-now), when this browser is who it was
// rendered for: no token for a guest's; for a member's, the stored token's account (the state's
// own check) and the `Size özel` tab the server rendered.
const serverNow = Number(container.dataset.now);
// The state a member's `/` carries (its own check against the stored token), for both paths.
const member = readMemberState();
const renderedFor = container.dataset.ssr;
// The server renders Turkish: an English page renders from scratch, in English.
const same =
  display.language !== 'en' &&
  (renderedFor === 'guest' ? !getToken() : renderedFor === 'member' ? member !== null && readChoice() === 'home' : false);
// A member's screen has the compose box, which is a chunk of its own (a guest's `/` does not load
// it, issue 26): asked for now, beside the rest of the start (on an English page, once its
// texts are: it renders from scratch).
const composeBox = display.language !== 'en' && (member || getToken()) ? preloadComposeBox() : null;
// A member's live connection (badges, messages) is asked for with the rest of the start, not
// after the first render; a guest's comes when the app has rendered (lib/realtime/hooks.ts).
if (member || getToken()) void loadRealtime().catch(() => undefined);
/**
 * `data-hydrated` on the root once the app has taken the server's markup over: until then its
 * buttons are markup only (a click does nothing; browser tests wait for it).
 */
function markHydrated() {
  container?.setAttribute('data-hydrated', '');
}

/** Hydrates the server's markup, at the server's moment. */
const hydrate = () => {
  // A transition, as the createRoot path below: React hydrates in slices of a few milliseconds,
  // yielding to the browser between them, not in one long task (issue 13's total blocking
  // time); a click meanwhile hydrates its part of the page first.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <MemberStateContext.Provider value={member}>
          <RenderClock serverNow={serverNow} onHydrated={markHydrated}>
            <App />
          </RenderClock>
        </MemberStateContext.Provider>
      </StrictMode>,
      { onRecoverableError },
    );
  });
};

/** The first render: the server's markup hydrated when it is this browser's, else from scratch. */
const start = () => {
  if (same && Number.isFinite(serverNow)) {
    // A member's markup has the compose box: its chunk first, so the whole screen hydrates in one
    // go and `data-hydrated` still means every part of it answers (a box hydrated after the rest
    // would drop what was typed into it meanwhile). A failed load hydrates all the same (the box
    // then asks again); a guest's markup has no box and hydrates at once.
    if (renderedFor === 'member' && composeBox) void composeBox.catch(() => undefined).then(hydrate);
    else hydrate();
  } else {
    // Markup made for someone else (a guest's for a session from before the home-page cookie, or
    // another tab's login since) is not shown: the app renders from scratch.
    container.replaceChildren();
    container.removeAttribute('data-ssr');
    const root = createRoot(container, { onRecoverableError });
    // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
    // browser between them, instead of one long task of the whole tree and its first feed page (a
    // phone's main thread stays responsive; issue 13's total blocking time).
    startTransition(() => {
      root.render(
        <StrictMode>
          <MemberStateContext.Provider value={member}>
            <App />
          </MemberStateContext.Provider>
        </StrictMode>,
      );
    });
  }
};

// An English page's texts come in a chunk of their own, written over the Turkish ones before
// anything renders (locales/en); a Turkish page never loads it. Should it not load, the page
// starts in Turkish.
if (display.language === 'en')
  void import('./locales/en')
    .then((en) => en.applyEnglish())
    .finally(start);
else start();

import type { Trend, User } from '../../../lib/types';
import { getToken } from '../../../lib/api-client';

/**
 * What a guest's server-rendered Explore shows (issue 26): the 7-day trends and the guests'
 * suggestions, as GET /api/trending/hashtags?limit=10 and /api/trending/users?limit=3 answer.
 * The server puts it in the page's data block of this id (backend/src/common/spa/guest-pages.ts;
 * keep the two equal) and renders the screen from it (entry-server.tsx provideExploreData); the
 * browser's hydrating render takes it from the block, so both renders show the same lists.
 */
export const EXPLORE_DATA_ELEMENT_ID = 'gundem-explore';

export interface ExploreData {
  trends: Trend[];
  users: User[];
}

/** The server's data for its render (module state of the server's bundle only). */
let provided: ExploreData | null = null;
/** The browser's: the data block, read once; each list taken once (a later visit asks the API). */
let fromPage: Partial<ExploreData> | null | undefined;

/** The server render's data (entry-server.tsx), before it renders `/explore`; null renders the lists loading. */
export function provideExploreData(data: ExploreData | null): void {
  provided = data;
  serverSide = true;
}
/** Set on the server by its first render: there is no data block to read there. */
let serverSide = false;

function readBlock(): Partial<ExploreData> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(EXPLORE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as Partial<ExploreData>;
    return {
      trends: Array.isArray(data.trends) ? data.trends : undefined,
      // The suggestions are a guest's: a member (a stored token) asks for their own.
      users: Array.isArray(data.users) && !getToken() ? data.users : undefined,
    };
  } catch {
    return null;
  }
}

/** The embedded list `kind`, once (undefined without one): a query's initial data. */
export function takeExploreData<K extends keyof ExploreData>(kind: K): ExploreData[K] | undefined {
  if (serverSide) return provided?.[kind];
  if (fromPage === undefined) fromPage = readBlock();
  const taken = fromPage?.[kind];
  if (fromPage) fromPage[kind] = undefined;
  return taken as ExploreData[K] | undefined;
}

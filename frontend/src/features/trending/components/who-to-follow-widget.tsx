import { lazy, Suspense, useEffect } from 'react';
import { buttonClass } from '../../../components/button';
import { Widget } from '../../../components/widget';
import { LAYOUT_QUERIES, matchesNow } from '../../../lib/use-media-query';
import { tr } from '../../../locales/tr';
import { SUGGESTED_USERS_LIMIT, useSuggestedUsers } from '../api/get-suggested-users';

// The rows and their follow buttons (and the follow logic) come in a chunk of their own, asked
// for as the widget mounts: the answer they show comes after the page's first paint anyway, and
// a guest's `/` has its bytes counted (issue 13).
const loadList = () => import('./suggestion-list');
const SuggestionList = lazy(async () => ({ default: (await loadList()).SuggestionList }));

/** "Kimi takip etmeli": three accounts with a follow button each. */
export function WhoToFollowWidget() {
  // The right column's widget fetches only where the column shows (matchesNow says why).
  const shown = matchesNow(LAYOUT_QUERIES.rightSidebar);
  const { data: users, isPending } = useSuggestedUsers(shown);
  useEffect(() => {
    if (shown) void loadList().catch(() => undefined);
  }, [shown]);
  return (
    <Widget
      titleId="who-to-follow-title"
      title={tr.widgets.whoToFollow}
      loading={isPending}
      placeholder={<SuggestionsPlaceholder />}
    >
      {!users?.length ? (
        <p className="widget__empty">{tr.widgets.noSuggestions}</p>
      ) : (
        <Suspense fallback={<SuggestionsPlaceholder />}>
          <SuggestionList users={users} />
        </Suspense>
      )}
    </Widget>
  );
}

/** As many rows as the answer brings (the fallback list too), with the rows' own layout. */
function SuggestionsPlaceholder() {
  return (
    <ul className="suggestion-list">
      {Array.from({ length: SUGGESTED_USERS_LIMIT }, (_, index) => (
        <li key={index} className="suggestion">
          <span className="suggestion__profile">
            <span className="avatar avatar--md" />
            <span className="suggestion__text">
              <span className="suggestion__name">&nbsp;</span>
              <span className="suggestion__handle">&nbsp;</span>
            </span>
          </span>
          <span className={buttonClass({ variant: 'inverse', size: 'sm' })}>{tr.follow.follow}</span>
        </li>
      ))}
    </ul>
  );
}

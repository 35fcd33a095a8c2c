import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { FollowButton } from '../../../components/follow-button';
import { CloseIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { Tabs, type TabItem } from '../../../components/tabs';
import { VerifiedBadge } from '../../../components/verified-badge';
import { useAuth } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { profilePath, searchPath } from '../../../lib/paths';
import { tr } from '../../../locales/tr';
import '../explore.css';

export type ExploreTab = 'trending' | 'latest' | 'popular' | 'users';

const TABS: readonly TabItem<ExploreTab>[] = [
  { id: 'trending', label: tr.explore.tabTrending },
  { id: 'latest', label: tr.explore.tabLatest },
  { id: 'popular', label: tr.explore.tabPopular },
  { id: 'users', label: tr.explore.tabUsers },
];

const DEFAULT_TAB: ExploreTab = 'trending';

/** `?tab=` as a tab; a missing or unknown value is the default tab. */
function exploreTabOf(value: string | null): ExploreTab {
  return TABS.find((item) => item.id === value)?.id ?? DEFAULT_TAB;
}

/** The search params of a tab (and a search), leaving the default tab out of the URL. */
function exploreParams(tab: ExploreTab, q = ''): Record<string, string> {
  return { ...(tab === DEFAULT_TAB ? {} : { tab }), ...(q ? { q } : {}) };
}

export interface ExploreViewProps {
  /** The ?q= value, trimmed. */
  query: string;
  /** The timeline, shown by both the latest and the popular tabs (docs/product.md#explore). */
  feed: ReactNode;
  /** The search results that replace the tab content while ?q= is set. */
  renderResults: (query: string) => ReactNode;
}

/**
 * Explore: a search box bound to ?q=, and the trending, latest, popular and users tabs bound to
 * ?tab=, so a reload or the back button comes back to the same view.
 */
export function ExploreView({ query, feed, renderResults }: ExploreViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = exploreTabOf(searchParams.get('tab'));
  const [text, setText] = useState(query);
  // Follow ?q= when it changes from outside (a hashtag link, the back button).
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setText(query);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    setSearchParams(exploreParams(tab, q));
  };

  const onTabChange = (next: ExploreTab) => {
    // The results replace the tabs' content: choosing a tab leaves the search.
    if (next !== tab || query) setSearchParams(exploreParams(next));
  };
  const clearSearchPath = `/explore${tab === DEFAULT_TAB ? '' : `?tab=${tab}`}`;

  let content: ReactNode;
  if (query) {
    content = (
      <>
        <div className="explore__results-head">
          <h2 className="explore__results-title">{tr.explore.resultsFor(query)}</h2>
          <Link to={clearSearchPath} className="icon-button" aria-label={tr.explore.clearSearch}>
            <CloseIcon size={18} />
          </Link>
        </div>
        {renderResults(query)}
      </>
    );
  } else if (tab === 'trending') {
    content = (
      <>
        <TopicCards />
        <SampleAccounts title={tr.explore.suggestedTitle} limit={3} />
      </>
    );
  } else if (tab === 'users') {
    content = <SampleAccounts showBio />;
  } else {
    content = feed;
  }

  return (
    <>
      <PageHeader title={tr.explore.title}>
        <div className="explore__search">
          <SearchBox
            onSubmit={onSubmit}
            aria-label={tr.explore.searchLabel}
            placeholder={tr.explore.searchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            enterKeyHint="search"
          />
        </div>
        <Tabs
          items={TABS}
          // While results show they stand in for every tab: none reads as selected.
          value={query ? null : tab}
          onChange={onTabChange}
          label={tr.explore.tabsLabel}
          idPrefix="explore"
        />
      </PageHeader>
      {query ? (
        <div className="explore__panel">{content}</div>
      ) : (
        <div
          role="tabpanel"
          id={`explore-panel-${tab}`}
          aria-labelledby={`explore-tab-${tab}`}
          className="explore__panel"
        >
          {content}
        </div>
      )}
    </>
  );
}

/** Hard-coded topic cards (docs/product.md#explore); each opens its search. */
function TopicCards() {
  return (
    <section aria-labelledby="explore-topics-title" className="explore__section">
      <h2 className="explore__section-title" id="explore-topics-title">
        {tr.explore.topicsTitle}
      </h2>
      <ul className="topic-list">
        {tr.samples.topics.map((topic, index) => (
          <li key={topic.title}>
            <Link to={searchPath(topic.title)} className="topic-card">
              <span className="topic-card__rank" aria-hidden="true">
                {index + 1}
              </span>
              <span className="topic-card__text">
                <span className="topic-card__category">{topic.category}</span>
                <span className="topic-card__title">{topic.title}</span>
                <span className="topic-card__count">
                  {tr.widgets.trendCount(formatCount(topic.postCount))}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Hard-coded accounts with follow buttons that do nothing for a member (docs/product.md#explore); a guest
 * still gets the login dialog, as for every interaction.
 */
function SampleAccounts({
  title,
  limit,
  showBio,
}: {
  title?: string;
  limit?: number;
  showBio?: boolean;
}) {
  const { isAuthenticated, openAuthModal } = useAuth();
  const accounts = tr.samples.accounts.slice(0, limit);
  return (
    <section className="explore__section" aria-label={title ?? tr.explore.tabUsers}>
      {title ? <h2 className="explore__section-title">{title}</h2> : null}
      <ul className="account-list">
        {accounts.map((account) => (
          <li key={account.username} className="account-row">
            <Link to={profilePath(account.username)} className="account-row__avatar"
              tabIndex={-1}
              aria-hidden="true"
            >
              <Avatar displayName={account.displayName} seed={account.username} />
            </Link>
            <div className="account-row__text">
              <Link to={profilePath(account.username)} className="account-row__name">
                {account.displayName}
                {account.isVerified ? <VerifiedBadge size={16} /> : null}
              </Link>
              <span className="account-row__handle">@{account.username}</span>
              {showBio ? <p className="account-row__bio">{account.bio}</p> : null}
            </div>
            <FollowButton
              isFollowing={false}
              name={account.displayName}
              onClick={() => {
                if (!isAuthenticated) openAuthModal('login');
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

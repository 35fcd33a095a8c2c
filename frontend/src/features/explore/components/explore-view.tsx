import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AccountRow } from '../../../components/account-row';
import { FollowButton } from '../../../components/follow-button';
import { CloseIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/search-box';
import { Tabs, type TabItem } from '../../../components/tabs';
import { useAuth } from '../../../lib/auth';
import { formatCount } from '../../../lib/format';
import { searchPath } from '../../../lib/paths';
import { SEARCH_SHORTCUT, wantsSearchFocus } from '../../../lib/search-shortcut';
import { tr } from '../../../locales/tr';
import { samples } from '../../../locales/tr-samples';
import { trExplore } from '../../../locales/tr-explore';
import '../../../components/list-row.css';
import '../explore.css';
import { PeopleResults } from './people-results';

export type ExploreTab = 'trending' | 'latest' | 'popular' | 'users';

const TABS: readonly TabItem<ExploreTab>[] = [
  { id: 'trending', label: trExplore.tabTrending },
  { id: 'latest', label: trExplore.tabLatest },
  { id: 'popular', label: trExplore.tabPopular },
  { id: 'users', label: trExplore.tabUsers },
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
  /** The timeline, the `Son` tab (docs/product.md#explore). */
  feed: ReactNode;
  /** The most engaged posts of the last 24 hours, the `Popüler` tab (issue 23). */
  popularFeed: ReactNode;
  /** The post results that replace the tab content while ?q= is set (under the people found). */
  renderResults: (query: string) => ReactNode;
  /**
   * The Kişiler tab: real suggestions (the trending feature's), given the SPEC's hard-coded
   * accounts to show when their call fails. Without it, the hard-coded accounts.
   */
  renderUsers?: (fallback: ReactNode) => ReactNode;
  /**
   * The Gündem tab's topics (issue 26): the real 7-day trends (the trending feature's), given the
   * SPEC's hard-coded topics to show when their call fails. Without it, the hard-coded topics.
   */
  renderTopics?: (fallback: ReactNode) => ReactNode;
  /** The Gündem tab's suggested accounts, likewise: real ones, the SPEC's when the call fails. */
  renderSuggested?: (fallback: ReactNode) => ReactNode;
}

/**
 * Explore: a search box bound to ?q=, and the trending, latest, popular and users tabs bound to
 * ?tab=, so a reload or the back button comes back to the same view.
 */
export function ExploreView({ query, feed, popularFeed, renderResults, renderUsers, renderTopics, renderSuggested }: ExploreViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = exploreTabOf(searchParams.get('tab'));
  const focusOnArrival = wantsSearchFocus(useLocation().state);
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
          <h2 className="explore__results-title">{trExplore.resultsFor(query)}</h2>
          <Link to={clearSearchPath} className="icon-button" aria-label={trExplore.clearSearch}>
            <CloseIcon size={18} />
          </Link>
        </div>
        {/* A hashtag names posts, not people. */}
        {query.startsWith('#') ? null : (
          <>
            <PeopleResults key={query} query={query} />
            <h2 className="explore__section-title explore__posts-title">{trExplore.postsTitle}</h2>
          </>
        )}
        {renderResults(query)}
      </>
    );
  } else if (tab === 'trending') {
    const topics = <TopicCards />;
    const accounts = <SampleAccounts title={trExplore.suggestedTitle} limit={3} />;
    content = (
      <>
        {renderTopics ? renderTopics(topics) : topics}
        {renderSuggested ? renderSuggested(accounts) : accounts}
      </>
    );
  } else if (tab === 'users') {
    const fallback = <SampleAccounts showBio />;
    content = renderUsers ? renderUsers(fallback) : fallback;
  } else if (tab === 'popular') {
    content = popularFeed;
  } else {
    content = feed;
  }

  return (
    <>
      <PageHeader title={trExplore.title}>
        <div className="explore__search">
          <SearchBox
            onSubmit={onSubmit}
            {...SEARCH_SHORTCUT}
            // Opened by the `/` shortcut from a page without a search box: ready to type.
            autoFocus={focusOnArrival}
            aria-label={trExplore.searchLabel}
            placeholder={trExplore.searchPlaceholder}
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
          label={trExplore.tabsLabel}
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

/** The SPEC's hard-coded topic cards (docs/product.md#explore), shown when the trends' call fails; each opens its search. */
function TopicCards() {
  return (
    <section aria-labelledby="explore-topics-title" className="explore__section">
      <h2 className="explore__section-title" id="explore-topics-title">
        {trExplore.topicsTitle}
      </h2>
      <ul className="topic-list">
        {trExplore.topics.map((topic, index) => (
          <li key={topic.title}>
            <Link to={searchPath(topic.title)} className="list-row topic-card">
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
 * The SPEC's hard-coded accounts, shown when the suggestions' call fails, with follow buttons that
 * do nothing for a member (docs/product.md#explore); a guest still gets the login dialog, as for
 * every interaction.
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
  const accounts = samples.accounts.slice(0, limit);
  return (
    <section className="explore__section" aria-label={title ?? trExplore.tabUsers}>
      {title ? <h2 className="explore__section-title">{title}</h2> : null}
      <ul className="account-list">
        {accounts.map((account) => (
          <AccountRow
            key={account.username}
            username={account.username}
            displayName={account.displayName}
            isVerified={account.isVerified}
            bio={showBio ? account.bio : undefined}
            action={
              <FollowButton
                isFollowing={false}
                name={account.displayName}
                onClick={() => {
                  if (!isAuthenticated) openAuthModal('login');
                }}
              />
            }
          />
        ))}
      </ul>
    </section>
  );
}

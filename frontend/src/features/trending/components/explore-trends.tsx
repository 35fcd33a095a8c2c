import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadingBlock } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { hashtagPath } from '../../../lib/paths';
import { tr } from '../../../locales/tr';
import { trExplore } from '../../../locales/tr-explore';
import { useExploreTrends } from '../api/get-explore-trends';

/**
 * Explore's `Gündemdeki konular` (issue 26): the hashtags of the last 7 days (GET
 * /api/trending/hashtags?limit=10), ranked by post count, each with its real count and linking
 * to its hashtag page. `fallback` (the SPEC's hard-coded topics) shows only when the call fails.
 * The cards keep the topic cards' layout (features/explore/explore.css, loaded with the screen).
 */
export function ExploreTrends({ fallback }: { fallback: ReactNode }) {
  const { data: trends, isPending, isError } = useExploreTrends();
  let body: ReactNode;
  if (isPending) body = <LoadingBlock label={trExplore.trendsLoading} />;
  else if (isError) return <>{fallback}</>;
  else if (trends.length === 0) body = <p className="widget__empty">{trExplore.trendsEmpty}</p>;
  else {
    body = (
      <ul className="topic-list">
        {trends.map((trend, index) => {
          const tag = trend.hashtag.replace(/^#/, '');
          return (
            <li key={tag}>
              <Link to={hashtagPath(tag)} className="list-row topic-card">
                <span className="topic-card__rank" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="topic-card__text">
                  <span className="topic-card__category">{trExplore.trendContext}</span>
                  <span className="topic-card__title">#{tag}</span>
                  <span className="topic-card__count">
                    {tr.widgets.trendCount(formatCount(trend.postCount ?? 0))}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="explore-topics-title" className="explore__section" data-testid="explore-trends">
      <h2 className="explore__section-title" id="explore-topics-title">
        {trExplore.topicsTitle}
      </h2>
      {body}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { Widget } from '../../../components/widget';
import { formatCount } from '../../../lib/format';
import { hashtagPath } from '../../../lib/paths';
import { LAYOUT_QUERIES, matchesNow } from '../../../lib/use-media-query';
import { tr } from '../../../locales/tr';
import { TRENDS_LIMIT, useTrendingHashtags } from '../api/get-trending-hashtags';

/** docs/product.md#calls: a trend's count is shown as 15 times its post count. */
export const TREND_COUNT_FACTOR = 15;

/** "Gündem": the hashtags of the moment, each linking to its page (/hashtag/:tag). */
export function TrendsWidget() {
  // The right column's widget fetches only where the column shows (matchesNow says why).
  const { data: trends, isPending } = useTrendingHashtags(matchesNow(LAYOUT_QUERIES.rightSidebar));
  return (
    <Widget
      titleId="trends-widget-title"
      title={tr.widgets.trends}
      loading={isPending}
      placeholder={<TrendsPlaceholder />}
    >
      <ul className="trend-list" aria-label={tr.widgets.trendsLabel}>
        {trends?.map((trend) => {
          // Without its `#`, as the server and the fallback list give it.
          const tag = trend.hashtag;
          const count = formatCount(TREND_COUNT_FACTOR * (trend.postCount ?? 0));
          return (
            <li key={tag}>
              <Link to={hashtagPath(tag)} className="trend-item">
                <span className="trend-item__context">{tr.widgets.trendContext}</span>
                <span className="trend-item__tag">#{tag}</span>
                <span className="trend-item__count">{tr.widgets.trendCount(count)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Widget>
  );
}

/** As many rows as the answer brings (the fallback list too), with the rows' own layout. */
function TrendsPlaceholder() {
  return (
    <ul className="trend-list">
      {Array.from({ length: TRENDS_LIMIT }, (_, index) => (
        <li key={index}>
          <span className="trend-item">
            <span className="trend-item__context">&nbsp;</span>
            <span className="trend-item__tag">&nbsp;</span>
            <span className="trend-item__count">&nbsp;</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

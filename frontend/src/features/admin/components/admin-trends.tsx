import type { ReactNode } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatDateTime } from '../admin-format';
import { useAdminTrends, useHiddenHashtags, useReviewHashtag } from '../api/admin-trends';

function useReview() {
  const review = useReviewHashtag();
  const run = async (hashtag: string, hide: boolean) => {
    try {
      showToast((await review.mutateAsync({ hashtag, hide })).message);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };
  return { run, busy: review.isPending };
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `admin-trends-${title.replace(/\s+/g, '-')}`;
  return (
    <section className="admin-fieldset admin-trends__panel" aria-labelledby={id}>
      <h2 id={id} className="admin-fieldset__legend admin-trends__title">
        {title}
      </h2>
      <div className="admin-fieldset__body">{children}</div>
    </section>
  );
}

function CurrentTrends() {
  const trends = useAdminTrends();
  const { run, busy } = useReview();
  if (trends.isPending) return <LoadingBlock label={trAdmin.trendsLoading} />;
  if (trends.isError)
    return <LoadError title={trAdmin.trendsLoadFailed} message={errorText(trends.error, trAdmin.trendsLoadFailed, trAdmin.networkError)} onRetry={() => void trends.refetch()} retrying={trends.isFetching} />;
  if (!trends.data.length) return <p className="admin-settings__note">{trAdmin.trendsEmpty}</p>;
  return (
    <ol className="admin-trends" aria-label={trAdmin.trendsCurrent}>
      {trends.data.map((trend) => (
        <li key={trend.hashtag} className="admin-trend" data-testid="admin-trend">
          <span className="admin-trend__text">
            <span className="admin-trend__tag">#{trend.hashtag}</span>
            <span className="field__hint">{trAdmin.trendPosts(trend.postCount)}</span>
          </span>
          <Button variant="danger" size="sm" disabled={busy} aria-label={trAdmin.hideTrendLabel(trend.hashtag)} onClick={() => void run(trend.hashtag, true)}>
            {trAdmin.hideTrend}
          </Button>
        </li>
      ))}
    </ol>
  );
}

function HiddenTrends() {
  const hidden = useHiddenHashtags();
  const { run, busy } = useReview();
  if (hidden.isPending) return <LoadingBlock label={trAdmin.hiddenLoading} />;
  if (hidden.isError)
    return <LoadError title={trAdmin.hiddenLoadFailed} message={errorText(hidden.error, trAdmin.hiddenLoadFailed, trAdmin.networkError)} onRetry={() => void hidden.refetch()} retrying={hidden.isFetching} />;
  if (!hidden.data.length) return <p className="admin-settings__note">{trAdmin.hiddenEmpty}</p>;
  return (
    <ul className="admin-trends" aria-label={trAdmin.hiddenTitle}>
      {hidden.data.map((item) => (
        <li key={item.hashtag} className="admin-trend" data-testid="admin-hidden-trend">
          <span className="admin-trend__text">
            <span className="admin-trend__tag">#{item.hashtag}</span>
            <span className="field__hint">{trAdmin.hiddenBy(item.hiddenBy?.username ?? null, formatDateTime(item.hiddenAt))}</span>
          </span>
          <Button variant="secondary" size="sm" disabled={busy} aria-label={trAdmin.unhideTrendLabel(item.hashtag)} onClick={() => void run(item.hashtag, false)}>
            {trAdmin.unhideTrend}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Trend review (docs/product.md#admin-panel): staff hide a hashtag from the trends, and undo it. */
export function AdminTrends() {
  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.trends} intro={trAdmin.trendsIntro} />
      <div className="admin-trends__panels">
        <Panel title={trAdmin.trendsCurrent}>
          <CurrentTrends />
        </Panel>
        <Panel title={trAdmin.hiddenTitle}>
          <HiddenTrends />
        </Panel>
      </div>
    </section>
  );
}

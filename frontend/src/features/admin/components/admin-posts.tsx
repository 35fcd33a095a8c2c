import { useCallback, useState, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import {
  ExternalLinkIcon,
  FileTextIcon,
  HeartIcon,
  MessageCircleIcon,
  RepeatIcon,
  TrashIcon,
} from '../../../components/icons';
import { LoadingBlock } from '../../../components/spinner';
import { VerifiedBadge } from '../../../components/verified-badge';
import { errorText } from '../../../lib/api-client';
import { displayNameOf, truncate, usernameOf } from '../../../lib/format';
import { postPath } from '../../../lib/paths';
import { entityId, type Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { failureText } from '../admin-errors';
import { formatCount, formatDate, formatDateTime, formatNumber } from '../admin-format';
import { useAdminPosts } from '../api/get-admin-posts';
import { useDeleteAdminPost } from '../api/delete-admin-post';
import { AdminLoadError } from './admin-load-error';
import { AdminPagination } from './admin-pagination';
import { AdminSearch } from './admin-search';

/** SPEC.md 9: post previews in the posts list are cut at 150 characters. */
export const POSTS_PREVIEW_LENGTH = 150;

function Count({ icon, value, label }: { icon: ReactNode; value?: number; label: string }) {
  const text = formatNumber(value);
  return (
    <span className="admin-count" title={`${text} ${label}`}>
      {icon}
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{`${text} ${label}`}</span>
    </span>
  );
}

function PostRow({ post }: { post: Post }) {
  const remove = useDeleteAdminPost();
  const id = entityId(post);
  const author = post.user ?? post.author;

  const onDelete = async () => {
    if (!window.confirm(tr.admin.deleteConfirm)) return;
    try {
      await remove.mutateAsync(id);
      window.alert(tr.admin.postDeleted);
    } catch (error) {
      window.alert(failureText(error));
    }
  };

  return (
    <tr className="admin-row" data-testid="admin-post-row">
      <td className="admin-cell admin-cell--primary admin-cell--content">
        <p className="admin-post-preview" data-testid="admin-post-preview">
          {truncate(post.content ?? '', POSTS_PREVIEW_LENGTH)}
        </p>
      </td>
      <td className="admin-cell" data-label={tr.admin.colAuthor}>
        <div className="admin-person admin-person--compact">
          <Avatar displayName={author?.displayName} seed={author?.username} size="sm" />
          <div className="admin-person__text">
            <span className="admin-person__name">
              <span className="admin-ellipsis">{displayNameOf(author)}</span>
              {author?.isVerified ? <VerifiedBadge size={14} /> : null}
            </span>
            <span className="admin-person__handle admin-ellipsis">@{usernameOf(author)}</span>
          </div>
        </div>
      </td>
      <td className="admin-cell" data-label={tr.admin.colDate}>
        <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
          {formatDate(post.createdAt) || '—'}
        </time>
      </td>
      <td className="admin-cell" data-label={tr.admin.colEngagement}>
        <span className="admin-counts">
          <Count icon={<HeartIcon size={15} />} value={post.likeCount} label={tr.admin.likes} />
          <Count
            icon={<RepeatIcon size={15} />}
            value={post.retweetCount}
            label={tr.admin.retweets}
          />
          <Count
            icon={<MessageCircleIcon size={15} />}
            value={post.replyCount}
            label={tr.admin.replies}
          />
        </span>
      </td>
      <td className="admin-cell admin-cell--actions">
        <div className="admin-row-actions">
          {id ? (
            <a
              href={postPath(id)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
              title={tr.admin.viewPostLabel}
            >
              <ExternalLinkIcon size={15} />
              {tr.admin.viewPost}
            </a>
          ) : null}
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending || !id}
            onClick={() => void onDelete()}
          >
            <TrashIcon size={15} />
            {remove.isPending ? tr.admin.deleting : tr.admin.deletePost}
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function AdminPosts() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, isFetching, isPlaceholderData, refetch } = useAdminPosts(
    page,
    search,
  );

  // A new search starts again from the first page.
  const onSearch = useCallback((query: string) => {
    setSearch(query);
    setPage(1);
  }, []);

  const loadError = (
    <AdminLoadError
      title={tr.admin.postsLoadFailed}
      message={errorText(error, tr.admin.postsLoadFailed, tr.admin.networkError)}
      onRetry={() => void refetch()}
      retrying={isFetching}
    />
  );

  let body;
  if (isPending) {
    body = <LoadingBlock label={tr.admin.postsLoading} />;
  } else if (isError && !data) {
    body = loadError;
  } else if (!data || data.posts.length === 0) {
    body = (
      <EmptyState
        icon={<FileTextIcon size={32} />}
        title={tr.admin.postsEmpty}
        description={search ? tr.admin.postsEmptySearch(search) : tr.admin.postsEmptyText}
      />
    );
  } else {
    body = (
      <>
        <div className="admin-table-wrap" aria-busy={isPlaceholderData || undefined}>
          <table className="admin-table admin-table--posts">
            <caption className="visually-hidden">{tr.admin.posts}</caption>
            <thead>
              <tr>
                <th scope="col">{tr.admin.colPost}</th>
                <th scope="col">{tr.admin.colAuthor}</th>
                <th scope="col">{tr.admin.colDate}</th>
                <th scope="col">{tr.admin.colEngagement}</th>
                <th scope="col">
                  <span className="visually-hidden">{tr.admin.colActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.posts.map((post, index) => (
                <PostRow key={entityId(post) || index} post={post} />
              ))}
            </tbody>
          </table>
        </div>
        <AdminPagination
          page={page}
          pages={data.pagination.pages}
          onPageChange={setPage}
          busy={isPlaceholderData}
        />
      </>
    );
  }

  return (
    <section className="admin-section">
      <header className="admin-section__head">
        <div>
          <h1 className="admin-section__title">{tr.admin.posts}</h1>
          <p className="admin-section__intro">
            {data ? tr.admin.postsTotal(formatCount(data.pagination.total, data.pagination.estimated)) : tr.admin.postsIntro}
          </p>
        </div>
        <AdminSearch
          label={tr.admin.postsSearchLabel}
          placeholder={tr.admin.postsSearchPlaceholder}
          onSearch={onSearch}
        />
      </header>
      {isError && data ? loadError : null}
      {body}
    </section>
  );
}

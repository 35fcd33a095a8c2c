import type { Media } from '@gundem/contract';
import { useId, useState, type ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { HeartIcon, MessageCircleIcon, RepeatIcon } from '../../../components/icons';
import { ExternalLinkIcon, FileTextIcon, TrashIcon } from '../../../components/icons-more';
import { PagedListSection } from '../../../components/paged-list-section';
import { VerifiedBadge } from '../../../components/verified-badge';
import { displayNameOf, truncate, usernameOf } from '../../../lib/format';
import { postPath } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { entityId, type Post } from '../../../lib/types';
import { trAdmin } from '../../../locales/tr-admin';
import { failureText } from '../admin-errors';
import { formatCount, formatDate, formatDateTime, formatNumber } from '../admin-format';
import { useAdminPosts } from '../api/get-admin-posts';
import { useDeleteAdminPost } from '../api/delete-admin-post';
import { useSetAdminPostSensitive } from '../api/update-admin-post';
import { RuleSelect } from './rule-select';
import { authorOf, likeCountOf, replyCountOf, repostCountOf } from '../../../lib/post-fields';

/** docs/product.md#limits-and-timings: post previews in the posts list are cut at 150 characters. */
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

/** Thumbnails shown per row at most: the post's first images (a grid's worth). */
export const ADMIN_THUMBNAILS = 4;

/** The post's first images as small thumbnails (their `small` variant), for staff to see what they moderate. */
function Thumbnails({ media }: { media: readonly Media[] }) {
  if (media.length === 0) return null;
  const shown = media.slice(0, ADMIN_THUMBNAILS);
  const more = media.length - shown.length;
  return (
    <ul className="admin-thumbs" aria-label={trAdmin.postImages(media.length)}>
      {shown.map((item, index) => (
        <li key={item.id} className="admin-thumbs__item">
          <img
            className="admin-thumbs__img"
            src={item.small.url}
            width={item.small.width}
            height={item.small.height}
            alt={item.alt?.trim() ? item.alt : trAdmin.imageWithoutAlt(index + 1)}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
      {more > 0 ? (
        <li className="admin-thumbs__more" aria-hidden="true">
          {trAdmin.moreImages(more)}
        </li>
      ) : null}
    </ul>
  );
}

function PostRow({ post }: { post: Post }) {
  const remove = useDeleteAdminPost();
  const mark = useSetAdminPostSensitive();
  const sensitive = post.sensitive === true;
  const id = entityId(post);
  const author = authorOf(post);

  const [confirming, setConfirming] = useState(false);
  const [removalReason, setRemovalReason] = useState('');
  const [removalRule, setRemovalRule] = useState('');
  const removalId = useId();

  // After the confirm dialog's yes: the row goes on success (the list is refetched); either way
  // the outcome is a toast (docs/product.md#error-texts).
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ postId: id, removal: { reason: removalReason, ruleId: removalRule } });
      showToast(trAdmin.postDeleted);
    } catch (error) {
      showToast(failureText(error), 'error');
    } finally {
      setConfirming(false);
    }
  };

  // The mark changes when the server agrees; the outcome is a toast, as a delete's.
  const onToggleSensitive = async () => {
    try {
      await mark.mutateAsync({ postId: id, sensitive: !sensitive });
      showToast(sensitive ? trAdmin.clearedSensitive : trAdmin.markedSensitive);
    } catch (error) {
      showToast(failureText(error), 'error');
    }
  };

  return (
    <tr className="admin-row" data-testid="admin-post-row">
      <td className="admin-cell admin-cell--primary admin-cell--content">
        <p className="admin-post-preview" data-testid="admin-post-preview">
          {truncate(post.content ?? '', POSTS_PREVIEW_LENGTH)}
        </p>
        {sensitive ? <span className="admin-sensitive-badge">{trAdmin.sensitiveBadge}</span> : null}
        <Thumbnails media={post.media ?? []} />
      </td>
      <td className="admin-cell" data-label={trAdmin.colAuthor}>
        <div className="admin-person admin-person--compact">
          <Avatar displayName={author?.displayName} seed={author?.username} src={author?.profileImage} size="sm" />
          <div className="admin-person__text">
            <span className="admin-person__name">
              <span className="admin-ellipsis">{displayNameOf(author)}</span>
              {author?.isVerified ? <VerifiedBadge size={14} /> : null}
            </span>
            <span className="admin-person__handle admin-ellipsis">@{usernameOf(author)}</span>
          </div>
        </div>
      </td>
      <td className="admin-cell" data-label={trAdmin.colDate}>
        <time dateTime={post.createdAt} title={formatDateTime(post.createdAt)}>
          {formatDate(post.createdAt) || '—'}
        </time>
      </td>
      <td className="admin-cell" data-label={trAdmin.colEngagement}>
        <span className="admin-counts">
          <Count icon={<HeartIcon size={15} />} value={likeCountOf(post)} label={trAdmin.likes} />
          <Count
            icon={<RepeatIcon size={15} />}
            value={repostCountOf(post)}
            label={trAdmin.reposts}
          />
          <Count
            icon={<MessageCircleIcon size={15} />}
            value={replyCountOf(post)}
            label={trAdmin.replies}
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
              title={trAdmin.viewPostLabel}
            >
              <ExternalLinkIcon size={15} />
              {trAdmin.viewPost}
            </a>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={sensitive}
            disabled={mark.isPending || !id}
            onClick={() => void onToggleSensitive()}
          >
            {mark.isPending ? trAdmin.savingSensitive : sensitive ? trAdmin.clearSensitive : trAdmin.markSensitive}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending || !id}
            onClick={() => setConfirming(true)}
          >
            <TrashIcon size={15} />
            {remove.isPending ? trAdmin.deleting : trAdmin.deletePost}
          </Button>
        </div>
        {confirming ? (
          <ConfirmDialog
            title={trAdmin.deleteConfirm}
            confirmLabel={remove.isPending ? trAdmin.deleting : trAdmin.deletePost}
            cancelLabel={trAdmin.cancel}
            destructive
            busy={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => void onDelete()}
          >
            <div className="admin-removal">
              <label className="field__label" htmlFor={`${removalId}-reason`}>
                {trAdmin.removalReason}
              </label>
              <textarea
                id={`${removalId}-reason`}
                className="field__input"
                rows={2}
                maxLength={1000}
                value={removalReason}
                onChange={(event) => setRemovalReason(event.target.value)}
              />
              <RuleSelect id={`${removalId}-rule`} value={removalRule} onChange={setRemovalRule} />
            </div>
          </ConfirmDialog>
        ) : null}
      </td>
    </tr>
  );
}

export function AdminPosts() {
  return (
    <PagedListSection
      useList={useAdminPosts}
      rowsOf={(data) => data.posts}
      title={trAdmin.posts}
      intro={(data) =>
        data
          ? trAdmin.postsTotal(formatCount(data.pagination.total, data.pagination.estimated))
          : trAdmin.postsIntro
      }
      search={{ label: trAdmin.postsSearchLabel, placeholder: trAdmin.postsSearchPlaceholder }}
      texts={{
        loading: trAdmin.postsLoading,
        loadFailed: trAdmin.postsLoadFailed,
        networkError: trAdmin.networkError,
      }}
      empty={{
        icon: <FileTextIcon size={32} />,
        title: trAdmin.postsEmpty,
        description: (search) => (search ? trAdmin.postsEmptySearch(search) : trAdmin.postsEmptyText),
      }}
      tableClassName="admin-table--posts"
      columns={[
        trAdmin.colPost,
        trAdmin.colAuthor,
        trAdmin.colDate,
        trAdmin.colEngagement,
        <span className="visually-hidden">{trAdmin.colActions}</span>,
      ]}
      renderRow={(post, index) => <PostRow key={entityId(post) || index} post={post} />}
    />
  );
}

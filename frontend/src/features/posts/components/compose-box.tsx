import { MEDIA_ACCEPTED_TYPES } from '@gundem/contract';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Alert } from '../../../components/alert';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ImageIcon } from '../../../components/icons-more';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import type { Post } from '../../../lib/types';
import { tr } from '../../../locales/tr';
import { trCompose } from '../../../locales/tr-compose';
import { useCreatePost } from '../api/create-post';
import { isBusy, keptAttachment, newAttachment, releasePreview, storedAlt, type Attachment, type AttachmentPatch } from '../attachments';
import { useEditPost } from '../api/edit-post';
import { useMediaLimits } from '../api/media-limits';
import { formatMegabytes } from '../media';
import { isValidPostText, POST_MAX_LENGTH, postIdOf } from '../post-model';
import { CounterRing } from './counter-ring';
import { QuoteCard } from './quote-card';
import '../media.css';
import type { MentionSuggestController, MentionSuggestState } from './mention-suggest';

// The uploads, thumbnails and alt dialog come with the first image: most posts have none.
const ComposeMedia = lazy(async () => ({
  default: (await import('./compose-media')).ComposeMedia,
}));

// The @ suggestions come with the first `@` typed: most posts mention no one.
const MentionSuggest = lazy(async () => ({
  default: (await import('./mention-suggest')).MentionSuggest,
}));

/** The textarea grows with its content up to this height, then scrolls (docs/product.md#limits-and-timings). */
export const COMPOSE_MAX_HEIGHT = 200;

export interface ComposeBoxProps {
  /** Reply mode: the post answered. Reply errors are only logged (docs/product.md#error-texts). */
  replyTo?: Post;
  /**
   * Edit mode (issue 27): the author's post, its text and pictures to change. `Kaydet` sends the
   * edit (PATCH /api/posts/:id), whose answer goes to `onPosted`.
   */
  edit?: Post;
  /** Quote mode (issue 27): the quoted post, shown as a card under the text and sent as `quoteOfId`. */
  quoteOf?: Post;
  onPosted?: (post: Post) => void;
  autoFocus?: boolean;
  className?: string;
}

/** The compose box of a signed-in member: a post, or a reply with `replyTo`. */
export function ComposeBox({ replyTo, edit, quoteOf, onPosted, autoFocus, className }: ComposeBoxProps) {
  const { user } = useAuth();
  const [content, setContent] = useState(edit?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const createPost = useCreatePost();
  const editPost = useEditPost(edit ? postIdOf(edit) : '');
  const sending = createPost.isPending || editPost.isPending;
  const isReply = Boolean(replyTo);

  // Images (issue 24): uploaded as they are added, attached by id when the post is sent.
  const [attachments, setAttachments] = useState<Attachment[]>(() => (edit?.media ?? []).map(keptAttachment));
  const [sensitive, setSensitive] = useState(edit?.sensitive ?? false);
  const [mediaNote, setMediaNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const mediaStatusId = useId();
  const uploading = attachments.some(isBusy);
  const uploadFailed = attachments.some((attachment) => attachment.status === 'failed');
  const hasMedia = attachments.length > 0;
  // With images the text may be empty (not longer than the limit).
  const textOk = hasMedia ? content.trim().length <= POST_MAX_LENGTH : isValidPostText(content);
  const canSubmit = textOk && !uploading && !uploadFailed && !sending;

  const previews = useRef<Attachment[]>([]);
  previews.current = attachments;
  // The thumbnails' object URLs go with the box.
  useEffect(() => () => previews.current.forEach((attachment) => releasePreview(attachment)), []);

  // The server's limits (admin settings), read once for every box; 4 and no size check until then.
  const { maxImagesPerPost, maxFileSize } = useMediaLimits();
  const addFiles = (files: readonly File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) return;
    // A file over maxFileSize is refused here, before its upload (the server would answer 413).
    const tooBig = maxFileSize === null ? [] : images.filter((file) => file.size > maxFileSize);
    const fitting = images.filter((file) => !tooBig.includes(file));
    const room = maxImagesPerPost - attachments.length;
    const notes = [
      ...(tooBig[0] && maxFileSize !== null ? [trCompose.tooLarge(tooBig[0].name, formatMegabytes(maxFileSize))] : []),
      ...(fitting.length > room ? [trCompose.tooMany(maxImagesPerPost)] : []),
    ];
    setMediaNote(notes.length ? notes.join(' ') : null);
    if (room <= 0) return;
    const added = fitting.slice(0, room).map(newAttachment);
    setAttachments((list) => [...list, ...added]);
  };
  const updateAttachment = useCallback((key: string, patch: AttachmentPatch) => {
    setAttachments((list) => list.map((attachment) => (attachment.key === key ? { ...attachment, ...patch } : attachment)));
  }, []);
  const removeAttachment = useCallback((key: string) => {
    setMediaNote(null);
    setAttachments((list) => {
      const removed = list.find((attachment) => attachment.key === key);
      if (removed) releasePreview(removed);
      return list.filter((attachment) => attachment.key !== key);
    });
  }, []);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  };
  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const onDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    setDragging(false);
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    addFiles(Array.from(event.dataTransfer.files));
  };

  // The caret (null while the box is not focused) and the suggestion list, mounted from the first
  // `@` on; the list itself finds the `@name` at the caret (../mention-query.ts, loaded with it).
  const [caret, setCaret] = useState<number | null>(null);
  const [suggestWanted, setSuggestWanted] = useState(false);
  const [suggest, setSuggest] = useState<MentionSuggestState>({ open: false, activeId: undefined });
  const suggestRef = useRef<MentionSuggestController>(null);
  const caretRef = useRef<number | null>(null);
  const listboxId = useId();

  const followCaret = (text: string, at: number | null) => {
    setCaret(at);
    // The list's code starts loading on the `@` itself, ready by the name's first letter.
    if (!suggestWanted && text.includes('@')) setSuggestWanted(true);
  };

  const insert = useCallback((text: string, at: number) => {
    caretRef.current = at;
    setContent(text);
    setCaret(at);
  }, []);
  const onSuggestState = useCallback((state: MentionSuggestState) => setSuggest(state), []);

  // After a suggestion is inserted, the caret goes after `@name `.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (caretRef.current === null || !textarea) return;
    textarea.setSelectionRange(caretRef.current, caretRef.current);
    caretRef.current = null;
  }, [content]);

  // Grow with the content up to 200 px; past that the textarea scrolls.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    const height = Math.min(textarea.scrollHeight, COMPOSE_MAX_HEIGHT);
    if (height > 0) textarea.style.height = `${height}px`;
    textarea.style.overflowY = textarea.scrollHeight > COMPOSE_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [content]);

  const submit = () => {
    if (!canSubmit) return;
    setError(null);
    if (edit) {
      const media = attachments.flatMap((attachment) => (attachment.media ? [{ id: attachment.media.id, alt: storedAlt(attachment.alt) }] : []));
      editPost.mutate(
        { content: content.trim(), media, sensitive: hasMedia && sensitive },
        {
          onSuccess: (post) => onPosted?.(post),
          onError: (failure) => setError(errorText(failure, trCompose.editFailed, trCompose.createNetworkError)),
        },
      );
      return;
    }
    const media = hasMedia
      ? { mediaIds: attachments.flatMap((attachment) => (attachment.media ? [attachment.media.id] : [])), sensitive }
      : {};
    createPost.mutate(
      { content: content.trim(), ...media, ...(replyTo ? { replyToId: postIdOf(replyTo) } : {}), ...(quoteOf ? { quoteOfId: postIdOf(quoteOf) } : {}) },
      {
        onSuccess: ({ post }) => {
          setContent('');
          for (const attachment of attachments) releasePreview(attachment);
          setAttachments([]);
          setSensitive(false);
          setMediaNote(null);
          onPosted?.(post);
        },
        onError: (failure) => {
          if (isReply) {
            console.error('Yanıt gönderilemedi', failure);
            return;
          }
          setError(errorText(failure, quoteOf ? trCompose.quoteFailed : trCompose.createFailed, trCompose.createNetworkError));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  // Ctrl/Cmd + Enter sends, as in most compose boxes.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestRef.current?.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const label = edit ? trCompose.editLabel : quoteOf ? trCompose.quoteLabel : isReply ? trCompose.replyLabel : trCompose.label;
  return (
    <form
      className={['compose', isReply ? 'compose--reply' : '', dragging ? 'compose--drop' : '', className]
        .filter(Boolean)
        .join(' ')}
      onSubmit={onSubmit}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      aria-label={label}
    >
      <Avatar displayName={user?.displayName} seed={user?.username} src={user?.profileImage} className="compose__avatar" />
      <div className="compose__main">
        {/* The @ suggestions hang under the textarea (mention-suggest.css places them). */}
        <div className="compose__field">
          <textarea
            ref={textareaRef}
            className="compose__input"
            aria-label={label}
            aria-describedby={counterId}
            // The combobox pattern on the textarea's own textbox role (a textarea may take no
            // other): it names the list it controls and the highlighted option.
            aria-autocomplete="list"
            aria-controls={suggest.open ? listboxId : undefined}
            aria-activedescendant={suggest.activeId}
            placeholder={isReply ? trCompose.replyPlaceholder : quoteOf ? trCompose.quotePlaceholder : tr.posts.composePlaceholder}
            value={content}
            // No maxLength: a pasted text past 280 is kept whole, the counter goes below zero and
            // the button waits (as on X), instead of the end being cut off without a word.
            rows={isReply ? 3 : 2}
            autoFocus={autoFocus}
            onChange={(event) => {
              setContent(event.target.value);
              followCaret(event.target.value, event.target.selectionStart);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onKeyUp={(event) => {
              // The caret moved without a change (arrows, Home/End): another `@name`, or none.
              if (event.key.startsWith('Arrow') && suggest.open) return;
              if (event.key === 'Escape') return;
              followCaret(event.currentTarget.value, event.currentTarget.selectionStart);
            }}
            onClick={(event) =>
              followCaret(event.currentTarget.value, event.currentTarget.selectionStart)
            }
            onBlur={() => setCaret(null)}
          />
          {suggestWanted ? (
            <Suspense fallback={null}>
              <MentionSuggest
                text={content}
                caret={caret}
                listboxId={listboxId}
                onInsert={insert}
                onState={onSuggestState}
                controller={suggestRef}
              />
            </Suspense>
          ) : null}
        </div>
        {hasMedia ? (
          <Suspense fallback={null}>
            <ComposeMedia attachments={attachments} onUpdate={updateAttachment} onRemove={removeAttachment} />
          </Suspense>
        ) : null}
        {hasMedia ? (
          <label className="compose__sensitive">
            <input type="checkbox" role="switch" checked={sensitive} onChange={(event) => setSensitive(event.target.checked)} />
            {trCompose.sensitive}
          </label>
        ) : null}
        {/* The quoted post under the pictures, as the sent quote shows it (issue 27). */}
        {quoteOf ? <QuoteCard quote={{ id: postIdOf(quoteOf), state: 'visible', post: quoteOf }} preview /> : null}
        {mediaNote ? <Alert tone="error">{mediaNote}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="compose__footer">
          <button
            type="button"
            className="icon-button compose__add-media"
            aria-label={trCompose.addMedia}
            title={trCompose.addMedia}
            onClick={() => fileInputRef.current?.click()}
          >
            <ImageIcon size={20} />
          </button>
          <input
            ref={fileInputRef}
            type="file"
            accept={MEDIA_ACCEPTED_TYPES.join(',')}
            multiple
            hidden
            tabIndex={-1}
            data-testid="media-input"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = '';
            }}
          />
          {uploading || uploadFailed ? (
            <span id={mediaStatusId} className="compose__media-status" role="status">
              {uploading ? trCompose.uploading : trCompose.failedHint}
            </span>
          ) : null}
          <CounterRing id={counterId} length={content.length} />
          <Button
            type="submit"
            size="sm"
            disabled={!canSubmit}
            aria-busy={sending || undefined}
            aria-describedby={uploading || uploadFailed ? mediaStatusId : undefined}
          >
            {sending ? trCompose.sending : edit ? trCompose.editSubmit : quoteOf ? trCompose.quoteSubmit : isReply ? trCompose.replySubmit : tr.posts.submit}
          </Button>
        </div>
      </div>
    </form>
  );
}

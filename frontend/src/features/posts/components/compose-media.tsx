import { MEDIA_ALT_MAX_LENGTH } from '@gundem/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { trMedia } from '../../../locales/tr-media';
import { saveMediaAlt, uploadMedia, type MediaUpload } from '../api/upload-media';
import { storedAlt, type Attachment, type AttachmentPatch } from '../attachments';
import '../compose-media.css';

export interface ComposeMediaProps {
  attachments: readonly Attachment[];
  onUpdate: (key: string, patch: AttachmentPatch) => void;
  onRemove: (key: string) => void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The compose box's images (issue 24), loaded with the first one: uploads each (progress, retry;
 * removing one aborts its upload), saves alt texts once their upload is done, and draws the
 * thumbnails with their remove and ALT buttons.
 */
export function ComposeMedia({ attachments, onUpdate, onRemove }: ComposeMediaProps) {
  const uploads = useRef(new Map<string, { attempt: number; upload: MediaUpload }>());
  const [editing, setEditing] = useState<string | null>(null);

  // Start what is waiting to upload; abort what was removed.
  useEffect(() => {
    const running = uploads.current;
    const keys = new Set(attachments.map((attachment) => attachment.key));
    for (const [key, { upload }] of running) {
      if (!keys.has(key)) {
        upload.abort();
        running.delete(key);
      }
    }
    for (const attachment of attachments) {
      const { key, attempt } = attachment;
      if (attachment.status !== 'uploading' || !attachment.file || running.get(key)?.attempt === attempt) continue;
      const upload = uploadMedia(attachment.file, (progress) => onUpdate(key, { progress }));
      running.set(key, { attempt, upload });
      const current = () => running.get(key)?.upload === upload;
      upload.done.then(
        (media) => {
          if (!current()) return;
          onUpdate(key, { status: 'done', progress: 1, media });
        },
        (error: unknown) => {
          if (!current() || isAbort(error)) return;
          running.delete(key);
          onUpdate(key, {
            status: 'failed',
            error: errorText(error, trMedia.uploadFailed, trMedia.uploadNetworkError),
          });
        },
      );
    }
  }, [attachments, onUpdate]);

  // An alt text written during the upload, or changed after it, is saved once the image is stored.
  useEffect(() => {
    for (const attachment of attachments) {
      const { key, media, alt, altSaving, altError } = attachment;
      // A kept picture's alt text goes with the edit (a version of the post), not on its own.
      if (attachment.status !== 'done' || !media || altSaving || altError || attachment.kept) continue;
      if (storedAlt(alt) === media.alt) continue;
      onUpdate(key, { altSaving: true });
      saveMediaAlt(media.id, storedAlt(alt)).then(
        (saved) => onUpdate(key, { altSaving: false, media: saved }),
        (error: unknown) => onUpdate(key, { altSaving: false, altError: errorText(error, trMedia.altSaveFailed) }),
      );
    }
  }, [attachments, onUpdate]);

  // Leaving the box (a sent post, a closed dialog) stops every upload still going.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const { upload } of running.values()) upload.abort();
      running.clear();
    };
  }, []);

  const edited = attachments.find((attachment) => attachment.key === editing);
  return (
    <>
      <ul className="compose-media" aria-label={trMedia.attachments}>
        {attachments.map((attachment, index) => (
          <li
            key={attachment.key}
            className={`compose-media__item compose-media__item--${attachment.status}`}
            data-testid="attachment"
          >
            <img className="compose-media__thumb" src={attachment.preview} alt={storedAlt(attachment.alt) ?? trMedia.thumbnail(index + 1)} />
            <button
              type="button"
              className="compose-media__remove"
              aria-label={trMedia.remove}
              title={trMedia.remove}
              onClick={() => onRemove(attachment.key)}
            >
              <CloseIcon size={16} />
            </button>
            <button
              type="button"
              className={`compose-media__alt${storedAlt(attachment.alt) ? ' compose-media__alt--set' : ''}`}
              aria-label={trMedia.altButtonLabel(index + 1)}
              onClick={() => setEditing(attachment.key)}
            >
              {trMedia.altButton}
            </button>
            {attachment.status === 'uploading' ? (
              <progress
                className="compose-media__progress"
                max={100}
                value={Math.round(attachment.progress * 100)}
                aria-label={trMedia.uploadProgress(Math.round(attachment.progress * 100))}
              />
            ) : null}
            {attachment.status === 'failed' ? (
              <div className="compose-media__failed" role="alert">
                <p>{attachment.error}</p>
                <button
                  type="button"
                  className="compose-media__retry"
                  onClick={() =>
                    onUpdate(attachment.key, { status: 'uploading', progress: 0, error: null, attempt: attachment.attempt + 1 })
                  }
                >
                  {trMedia.retry}
                </button>
              </div>
            ) : null}
            {attachment.altError ? (
              <p className="compose-media__alt-error" role="alert">
                {attachment.altError}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {edited ? (
        <AltDialog
          initial={edited.alt}
          onCancel={() => setEditing(null)}
          onSave={(alt) => {
            onUpdate(edited.key, { alt, altError: null });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

function AltDialog({ initial, onSave, onCancel }: { initial: string; onSave: (alt: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial);
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  return (
    <Modal title={trMedia.altTitle} onClose={onCancel}>
      <form
        className="alt-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          // The form is inside the compose form in React's tree (a portal): it must not send the post.
          event.stopPropagation();
          onSave(draft);
        }}
      >
        <label htmlFor={fieldId} className="alt-dialog__label">
          {trMedia.altLabel}
        </label>
        <textarea
          id={fieldId}
          className="alt-dialog__input"
          value={draft}
          maxLength={MEDIA_ALT_MAX_LENGTH}
          rows={4}
          aria-describedby={`${hintId} ${counterId}`}
          onChange={(event) => setDraft(event.target.value.slice(0, MEDIA_ALT_MAX_LENGTH))}
        />
        <p id={hintId} className="alt-dialog__hint">
          {trMedia.altHint}
        </p>
        <p id={counterId} className="alt-dialog__counter" data-testid="alt-counter">
          {trMedia.altCounter(draft.length, MEDIA_ALT_MAX_LENGTH)}
        </p>
        <div className="alt-dialog__actions">
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            {trMedia.altCancel}
          </Button>
          <Button type="submit" size="sm">
            {trMedia.altSave}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import type { FileUpload } from '../../../lib/upload';
import type { MeResponse } from '@gundem/contract';
import { trSettings } from '../../../locales/tr-settings';
import { removeProfileImage, uploadProfileImage, type ProfileImageKind } from '../api/profile-images';

/** What the server takes (it sniffs the bytes anyway); the picker offers only these. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

const TEXTS = {
  avatar: { label: trSettings.avatar, hint: trSettings.avatarHint, choose: trSettings.avatarChoose },
  header: { label: trSettings.header, hint: trSettings.headerHint, choose: trSettings.headerChoose },
} as const;

/**
 * "Profil fotoğrafı" or "Kapak görseli": choose a file (uploaded at once, with its progress, the
 * chosen picture shown meanwhile), or remove the current one (`Kaldır`). The session's user is
 * updated from the answer, so the sidebar, the compose box and the own profile change at once;
 * the cached lists are refetched for the posts' author pictures.
 */
export function ProfileImageControl({ kind }: { kind: ProfileImageKind }) {
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const inputId = useId();
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<FileUpload<MeResponse> | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const texts = TEXTS[kind];
  const current = kind === 'avatar' ? user?.profileImage : user?.coverImage;
  const shown = preview ?? current ?? null;
  const busy = progress !== null || removing;

  // Leaving the screen stops an upload in flight and frees the preview.
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const applied = (me: MeResponse) => {
    updateUser(kind === 'avatar' ? { profileImage: me.user.profileImage } : { coverImage: me.user.coverImage });
    // Posts, people lists and the own profile carry the old URL: fetch them again.
    void queryClient.invalidateQueries();
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || busy) return;
    setError(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    const started = uploadProfileImage(kind, file, setProgress);
    upload.current = started;
    started.done
      .then(applied)
      .catch((failure: unknown) => {
        if (failure instanceof DOMException && failure.name === 'AbortError') return;
        setError(errorText(failure, trSettings.imageUploadFailed, trSettings.imageNetworkError));
      })
      .finally(() => {
        if (upload.current !== started) return;
        upload.current = null;
        setProgress(null);
        setPreview(null);
      });
  };

  const onRemove = () => {
    setError(null);
    setRemoving(true);
    removeProfileImage(kind)
      .then(applied)
      .catch((failure: unknown) => setError(errorText(failure, trSettings.imageRemoveFailed, trSettings.imageNetworkError)))
      .finally(() => setRemoving(false));
  };

  return (
    <div className={`setting profile-image profile-image--${kind}`} data-testid={`profile-image-${kind}`}>
      <div className="setting__text">
        <span className="setting__label">{texts.label}</span>
        <span className="setting__hint">{texts.hint}</span>
      </div>
      <div className="profile-image__preview">
        {kind === 'avatar' ? (
          <Avatar displayName={user?.displayName} seed={user?.username} src={shown} size="lg" />
        ) : (
          <div className="profile-image__header">{shown ? <img src={shown} alt="" /> : null}</div>
        )}
      </div>
      <div className="profile-image__actions">
        <input
          ref={input}
          id={inputId}
          className="profile-image__input"
          type="file"
          accept={ACCEPT}
          onChange={onChoose}
          disabled={busy}
          aria-label={texts.choose}
          aria-describedby={statusId}
          // Hidden but focusable and named, it would be a second, invisible tab stop and a second
          // "Fotoğraf seç" button to a screen reader: the visible button is the way in.
          tabIndex={-1}
          aria-hidden="true"
        />
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {texts.choose}
        </Button>
        {current ? (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onRemove}>
            {trSettings.imageRemove}
          </Button>
        ) : null}
      </div>
      <div id={statusId} className="profile-image__status" role="status">
        {progress !== null ? (
          <>
            <progress max={1} value={progress} aria-label={trSettings.imageUploading} />
            <span>{trSettings.imageProgress(Math.round(progress * 100))}</span>
          </>
        ) : null}
        {error ? (
          <span className="profile-image__error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
    </div>
  );
}

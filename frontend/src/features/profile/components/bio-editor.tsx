import { BIO_MAX_LENGTH } from '@gundem/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { trProfile } from '../../../locales/tr-profile';

/** docs/product.md#validation and #limits-and-timings: a bio has at most 160 characters. */
export { BIO_MAX_LENGTH };

export interface BioEditorProps {
  initial: string;
  onSave: (bio: string) => void;
  onCancel: () => void;
}

/** Edits the own bio; the caller keeps it locally only (docs/product.md#profile: not sent to the server). */
export function BioEditor({ initial, onSave, onCancel }: BioEditorProps) {
  const [bio, setBio] = useState(initial);
  const id = useId();
  const counterId = `${id}-counter`;
  const tooLong = bio.length > BIO_MAX_LENGTH;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tooLong) onSave(bio.trim());
  };

  return (
    <form className="bio-editor" onSubmit={onSubmit}>
      <label className="field__label" htmlFor={id}>
        {trProfile.bioLabel}
      </label>
      <textarea
        id={id}
        className="bio-editor__input"
        value={bio}
        maxLength={BIO_MAX_LENGTH}
        rows={3}
        placeholder={trProfile.bioPlaceholder}
        aria-describedby={counterId}
        autoFocus
        onChange={(event) => setBio(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <div className="bio-editor__footer">
        <span
          id={counterId}
          className={
            bio.length >= BIO_MAX_LENGTH
              ? 'bio-editor__count bio-editor__count--full'
              : 'bio-editor__count'
          }
          data-testid="bio-counter"
        >
          {bio.length}/{BIO_MAX_LENGTH}
        </span>
        <span className="bio-editor__hint">{trProfile.bioHint}</span>
        <div className="bio-editor__buttons">
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {trProfile.cancel}
          </Button>
          <Button type="submit" size="sm" disabled={tooLong}>
            {trProfile.save}
          </Button>
        </div>
      </div>
    </form>
  );
}

import { BIO_MAX_LENGTH } from '@gundem/contract';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import type { User } from '../../../lib/types';
import { trProfile } from '../../../locales/tr-profile';
import { updateProfile } from '../api/update-profile';
import {
  characterCount,
  cleanProfileValues,
  fieldOfMessage,
  PROFILE_FIELDS,
  profileErrors,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from '../profile-fields';

export interface ProfileEditorProps {
  /** The member as the profile shows them (the session's copy has the newest fields). */
  user: User;
  onClose: () => void;
  /** The avatar and header pickers (the settings feature's, passed in by app/), shown above the fields. */
  pictures?: ReactNode;
}

const valuesOf = (user: User): ProfileValues => ({
  displayName: user.displayName ?? '',
  bio: user.bio ?? '',
  location: user.location ?? '',
  website: user.website ?? '',
});

/**
 * `Profili düzenle` (issue 26): the member's display name, bio (with its 160-character counter),
 * location and website, beside the avatar and header pickers, saved on the server with
 * PATCH /api/users/me. Each field is checked as the server checks it when saving, its refusal
 * shown under it (and the server's, should it still refuse, under the field it names); only the
 * fields that changed are sent. A dialog: focus stays inside, Escape and `İptal` close it without
 * saving. The session's copy takes the answer; the other tabs get `profile:updated` from the server.
 */
export function ProfileEditor({ user, onClose, pictures }: ProfileEditorProps) {
  const { updateUser } = useAuth();
  const initial = useRef(valuesOf(user));
  const [values, setValues] = useState<ProfileValues>(initial.current);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [checked, setChecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const bioId = useId();
  const bioCounterId = `${bioId}-counter`;
  const bioErrorId = `${bioId}-error`;
  const bioCount = characterCount(values.bio.trim());

  const set = (field: ProfileField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, the messages follow the typing.
    if (checked) setErrors(profileErrors(cleanProfileValues(next)));
  };

  const focusField = (field: ProfileField) => {
    formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setChecked(true);
    setFormError(null);
    const clean = cleanProfileValues(values);
    const found = profileErrors(clean);
    setErrors(found);
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    const before = cleanProfileValues(initial.current);
    const changes = Object.fromEntries(PROFILE_FIELDS.filter((field) => clean[field] !== before[field]).map((field) => [field, clean[field]]));
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    updateProfile(changes)
      .then(({ user: saved }) => {
        // The session's copy: the profile, the sidebar and the compose box show it at once (the
        // cached lists follow it, live-profile.tsx).
        const { displayName, bio, location, website } = saved;
        updateUser({ displayName, bio, location, website });
        showToast(trProfile.saved);
        onClose();
      })
      .catch((failure: unknown) => {
        setSaving(false);
        const message = errorText(failure, trProfile.saveFailed, trProfile.saveNetwork);
        const field = failure instanceof ApiError && failure.status === 400 ? fieldOfMessage(message) : null;
        if (field) {
          setErrors({ [field]: message });
          focusField(field);
        } else {
          setFormError(message);
        }
      });
  };

  return (
    <Modal title={trProfile.editProfile} onClose={onClose} size="md">
      <form ref={formRef} className="profile-editor" onSubmit={onSubmit} noValidate>
        {pictures ? (
          <section className="profile-editor__pictures" aria-label={trProfile.editorPictures}>
            <p className="profile-editor__note">{trProfile.editorPicturesHint}</p>
            {pictures}
          </section>
        ) : null}
        <TextField
          label={trProfile.displayNameLabel}
          name="displayName"
          value={values.displayName}
          onChange={(event) => set('displayName', event.target.value)}
          error={errors.displayName}
          autoComplete="name"
          required
          // First field, not the pictures' hidden file input (the dialog would take that one).
          autoFocus
        />
        <div className={errors.bio ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={bioId}>
            {trProfile.bioLabel}
          </label>
          <textarea
            id={bioId}
            name="bio"
            className="field__input profile-editor__bio"
            value={values.bio}
            rows={3}
            placeholder={trProfile.bioPlaceholder}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${bioErrorId} ${bioCounterId}` : bioCounterId}
            onChange={(event) => set('bio', event.target.value)}
          />
          <span
            id={bioCounterId}
            className={bioCount > BIO_MAX_LENGTH ? 'profile-editor__count profile-editor__count--over' : 'profile-editor__count'}
            data-testid="bio-counter"
          >
            {trProfile.counter(bioCount, BIO_MAX_LENGTH)}
          </span>
          {errors.bio ? (
            <p id={bioErrorId} className="field__error">
              {errors.bio}
            </p>
          ) : null}
        </div>
        <TextField
          label={trProfile.location}
          name="location"
          value={values.location}
          placeholder={trProfile.locationPlaceholder}
          onChange={(event) => set('location', event.target.value)}
          error={errors.location}
        />
        <TextField
          label={trProfile.website}
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={values.website}
          placeholder={trProfile.websitePlaceholder}
          hint={trProfile.websiteHint}
          onChange={(event) => set('website', event.target.value)}
          error={errors.website}
        />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="profile-editor__buttons">
          <Button variant="secondary" onClick={onClose}>
            {trProfile.cancel}
          </Button>
          <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
            {saving ? trProfile.saving : trProfile.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

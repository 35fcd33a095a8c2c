import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SwitchRow, type SwitchRowClasses } from '../../../components/switch-row';
import { errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { displayNameOf, usernameOf } from '../../../lib/format';
import type { Preferences } from '../../../lib/preferences-cache';
import { LoadError } from '../../../components/load-error';
import { trSettings } from '../../../locales/tr-settings';
import { usePreferences } from '../hooks/use-preferences';
import { trBlock } from '../../../locales/tr-block';
import { trMute } from '../../../locales/tr-mute';
import { BlockedAccounts } from './blocked-accounts';
import { MutedAccounts } from './muted-accounts';
import { MutedWords } from './muted-words';
import { MentionSourceSwitch } from './mention-source-switch';
import { ProfileImageControl } from './profile-image-control';
import '../settings.css';

const SWITCH_ROW: SwitchRowClasses = {
  row: 'setting',
  text: 'setting__text',
  label: 'setting__label',
  hint: 'setting__hint',
  input: 'switch',
};

type NotificationKey = keyof Preferences['notifications'];
type PrivacyKey = Exclude<keyof Preferences['privacy'], 'allowMessages'>;

const NOTIFICATION_ROWS: readonly { key: NotificationKey; label: string; hint: string }[] = [
  { key: 'email', label: trSettings.notifyEmail, hint: trSettings.notifyEmailHint },
  { key: 'push', label: trSettings.notifyPush, hint: trSettings.notifyPushHint },
  { key: 'mentions', label: trSettings.notifyMentions, hint: trSettings.notifyMentionsHint },
  { key: 'likes', label: trSettings.notifyLikes, hint: trSettings.notifyLikesHint },
  { key: 'reposts', label: trSettings.notifyReposts, hint: trSettings.notifyRepostsHint },
  { key: 'replies', label: trSettings.notifyReplies, hint: trSettings.notifyRepliesHint },
  { key: 'follows', label: trSettings.notifyFollows, hint: trSettings.notifyFollowsHint },
  { key: 'messages', label: trSettings.notifyMessages, hint: trSettings.notifyMessagesHint },
];

const PRIVACY_ROWS: readonly { key: PrivacyKey; label: string; hint: string }[] = [
  { key: 'publicProfile', label: trSettings.publicProfile, hint: trSettings.publicProfileHint },
  {
    key: 'protectedTweets',
    label: trSettings.protectedTweets,
    hint: trSettings.protectedTweetsHint,
  },
  { key: 'discoverable', label: trSettings.discoverable, hint: trSettings.discoverableHint },
];

const ALLOW_MESSAGES = [
  { value: 'everyone', label: trSettings.allowMessagesEveryone },
  { value: 'following', label: trSettings.allowMessagesFollowing },
  { value: 'nobody', label: trSettings.allowMessagesNobody },
] as const;

const THEMES = [
  { value: 'light', label: trSettings.themeLight },
  { value: 'dark', label: trSettings.themeDark },
  { value: 'auto', label: trSettings.themeAuto },
] as const;

const LANGUAGES = [
  { value: 'tr', label: trSettings.languageTr },
  { value: 'en', label: trSettings.languageEn },
] as const;

const FONT_SIZES = [
  { value: 'small', label: trSettings.fontSmall },
  { value: 'medium', label: trSettings.fontMedium },
  { value: 'large', label: trSettings.fontLarge },
] as const;

/**
 * The settings screen (docs/product.md#settings): account, notifications, privacy and display. The
 * switches edit a draft; `Değişiklikleri kaydet` saves it (a member's with the account, a guest's
 * in this browser) and `İptal` puts it back (see usePreferences).
 */
export function SettingsView() {
  const { user } = useAuth();
  const settings = usePreferences();
  const { preferences, update } = settings;
  const { notifications, privacy, display } = preferences;
  // `Gönderilerimi koru` asks first, both ways (issue 26): on, new followers need approval and
  // the posts go private; off, the posts are public again and every pending request is approved.
  const [protecting, setProtecting] = useState<boolean | null>(null);

  return (
    <div className="settings" aria-busy={settings.loading}>
      <p className="settings__note">{user ? trSettings.accountNote : trSettings.localNote}</p>
      {settings.loadError ? (
        <LoadError
          title={trSettings.loadFailed}
          message={errorText(settings.loadError, trSettings.loadFailed)}
          onRetry={settings.retryLoad}
          retrying={settings.retrying}
        />
      ) : null}

      <SettingsSection title={trSettings.account} description={trSettings.accountText}>
        <dl className="settings__account">
          <div>
            <dt>{trSettings.displayName}</dt>
            <dd>{displayNameOf(user)}</dd>
          </div>
          <div>
            <dt>{trSettings.username}</dt>
            <dd>@{usernameOf(user)}</dd>
          </div>
          {user?.email ? (
            <div>
              <dt>{trSettings.email}</dt>
              <dd>{user.email}</dd>
            </div>
          ) : null}
        </dl>
        <Link to="/forgot-password" className="text-link settings__password">
          {trSettings.changePassword}
        </Link>
      </SettingsSection>

      {user ? (
        <SettingsSection title={trSettings.pictures} description={trSettings.picturesText}>
          <ProfileImageControl kind="avatar" />
          <ProfileImageControl kind="header" />
        </SettingsSection>
      ) : null}

      {user ? (
        <SettingsSection title={trBlock.section} description={trBlock.sectionText}>
          <BlockedAccounts />
        </SettingsSection>
      ) : null}

      {user ? (
        <SettingsSection title={trMute.section} description={trMute.sectionText} id="sessize-alinanlar">
          <h3 className="settings__subhead">{trMute.accounts}</h3>
          <MutedAccounts />
          <h3 className="settings__subhead">{trMute.words}</h3>
          <MutedWords />
        </SettingsSection>
      ) : null}

      <SettingsSection title={trSettings.notifications} description={trSettings.notificationsText}>
        {NOTIFICATION_ROWS.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            hint={row.hint}
            checked={notifications[row.key]}
            onChange={(checked) => update('notifications', { [row.key]: checked })}
            classes={SWITCH_ROW}
          />
        ))}
        {user ? <MentionSourceSwitch classes={SWITCH_ROW} /> : null}
      </SettingsSection>

      <SettingsSection title={trSettings.privacy} description={trSettings.privacyText}>
        {PRIVACY_ROWS.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            hint={row.hint}
            checked={privacy[row.key]}
            onChange={(checked) => (row.key === 'protectedTweets' ? setProtecting(checked) : update('privacy', { [row.key]: checked }))}
            classes={SWITCH_ROW}
          />
        ))}
        <ChoiceRow
          legend={trSettings.allowMessagesFrom}
          options={ALLOW_MESSAGES}
          value={privacy.allowMessages}
          onChange={(allowMessages) => update('privacy', { allowMessages })}
        />
        {protecting === null ? null : (
          <ConfirmDialog
            title={protecting ? trSettings.protectOnTitle : trSettings.protectOffTitle}
            description={protecting ? trSettings.protectOnText : trSettings.protectOffText}
            confirmLabel={protecting ? trSettings.protectOnConfirm : trSettings.protectOffConfirm}
            cancelLabel={trSettings.cancel}
            onCancel={() => setProtecting(null)}
            onConfirm={() => {
              update('privacy', { protectedTweets: protecting });
              setProtecting(null);
            }}
          />
        )}
      </SettingsSection>

      <SettingsSection title={trSettings.display} description={trSettings.displayText}>
        <ChoiceRow
          legend={trSettings.theme}
          options={THEMES}
          value={display.theme}
          onChange={(theme) => update('display', { theme })}
        />
        <ChoiceRow
          legend={trSettings.language}
          options={LANGUAGES}
          value={display.language}
          onChange={(language) => update('display', { language })}
        />
        <ChoiceRow
          legend={trSettings.fontSize}
          options={FONT_SIZES}
          value={display.fontSize}
          onChange={(fontSize) => update('display', { fontSize })}
        />
      </SettingsSection>

      <div className="settings__actions">
        <p className="settings__status" role="status">
          {settings.saving
            ? trSettings.saving
            : settings.justSaved
              ? trSettings.saved
              : settings.dirty
                ? trSettings.unsaved
                : ''}
        </p>
        {settings.saveError ? (
          <p className="setting__error" role="alert">
            {errorText(settings.saveError, trSettings.saveFailed, trSettings.saveNetworkError)}
          </p>
        ) : null}
        <Button variant="secondary" onClick={settings.cancel} disabled={!settings.dirty || settings.saving}>
          {trSettings.cancel}
        </Button>
        <Button onClick={settings.save} disabled={!settings.dirty || settings.saving || settings.loading}>
          {trSettings.save}
        </Button>
      </div>
    </div>
  );
}

function SettingsSection({
  title,
  description,
  children,
  id: anchor,
}: {
  title: string;
  description: string;
  children: ReactNode;
  /** The section's anchor, for links to it (`/settings#sessize-alinanlar`). */
  id?: string;
}) {
  const id = useId();
  return (
    <section className="settings__section" aria-labelledby={id} id={anchor}>
      <header className="settings__section-head">
        <h2 id={id} className="settings__title">
          {title}
        </h2>
        <p className="settings__text">{description}</p>
      </header>
      <div className="settings__rows">{children}</div>
    </section>
  );
}

function ChoiceRow<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="setting setting--choice">
      <legend className="setting__label">{legend}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

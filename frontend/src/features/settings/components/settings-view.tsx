import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { SwitchRow, type SwitchRowClasses } from '../../../components/switch-row';
import { useAuth } from '../../../lib/auth';
import { displayNameOf, usernameOf } from '../../../lib/format';
import type { Preferences } from '../../../lib/preferences';
import { tr } from '../../../locales/tr';
import { usePreferences } from '../hooks/use-preferences';
import '../settings.css';

const SWITCH_ROW: SwitchRowClasses = {
  row: 'setting',
  text: 'setting__text',
  label: 'setting__label',
  hint: 'setting__hint',
  input: 'switch',
};

type NotificationKey = keyof Preferences['notifications'];
type PrivacyKey = keyof Preferences['privacy'];

const NOTIFICATION_ROWS: readonly { key: NotificationKey; label: string; hint: string }[] = [
  { key: 'email', label: tr.settings.notifyEmail, hint: tr.settings.notifyEmailHint },
  { key: 'push', label: tr.settings.notifyPush, hint: tr.settings.notifyPushHint },
  { key: 'mentions', label: tr.settings.notifyMentions, hint: tr.settings.notifyMentionsHint },
  { key: 'likes', label: tr.settings.notifyLikes, hint: tr.settings.notifyLikesHint },
  { key: 'follows', label: tr.settings.notifyFollows, hint: tr.settings.notifyFollowsHint },
  { key: 'messages', label: tr.settings.notifyMessages, hint: tr.settings.notifyMessagesHint },
];

const PRIVACY_ROWS: readonly { key: PrivacyKey; label: string; hint: string }[] = [
  { key: 'publicProfile', label: tr.settings.publicProfile, hint: tr.settings.publicProfileHint },
  {
    key: 'protectedTweets',
    label: tr.settings.protectedTweets,
    hint: tr.settings.protectedTweetsHint,
  },
  { key: 'discoverable', label: tr.settings.discoverable, hint: tr.settings.discoverableHint },
  { key: 'allowMessages', label: tr.settings.allowMessages, hint: tr.settings.allowMessagesHint },
];

const THEMES = [
  { value: 'light', label: tr.settings.themeLight },
  { value: 'dark', label: tr.settings.themeDark },
  { value: 'auto', label: tr.settings.themeAuto },
] as const;

const LANGUAGES = [
  { value: 'tr', label: tr.settings.languageTr },
  { value: 'en', label: tr.settings.languageEn },
] as const;

const FONT_SIZES = [
  { value: 'small', label: tr.settings.fontSmall },
  { value: 'medium', label: tr.settings.fontMedium },
  { value: 'large', label: tr.settings.fontLarge },
] as const;

/**
 * The settings screen (docs/product.md#settings): account, notifications, privacy and display. Every toggle
 * changes only the local preference object; the save and cancel buttons are inert.
 */
export function SettingsView() {
  const { user } = useAuth();
  const { preferences, update } = usePreferences();
  const { notifications, privacy, display } = preferences;

  return (
    <div className="settings">
      <p className="settings__note">{tr.settings.localNote}</p>

      <SettingsSection title={tr.settings.account} description={tr.settings.accountText}>
        <dl className="settings__account">
          <div>
            <dt>{tr.settings.displayName}</dt>
            <dd>{displayNameOf(user)}</dd>
          </div>
          <div>
            <dt>{tr.settings.username}</dt>
            <dd>@{usernameOf(user)}</dd>
          </div>
          {user?.email ? (
            <div>
              <dt>{tr.settings.email}</dt>
              <dd>{user.email}</dd>
            </div>
          ) : null}
        </dl>
        <Link to="/forgot-password" className="text-link settings__password">
          {tr.settings.changePassword}
        </Link>
      </SettingsSection>

      <SettingsSection title={tr.settings.notifications} description={tr.settings.notificationsText}>
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
      </SettingsSection>

      <SettingsSection title={tr.settings.privacy} description={tr.settings.privacyText}>
        {PRIVACY_ROWS.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            hint={row.hint}
            checked={privacy[row.key]}
            onChange={(checked) => update('privacy', { [row.key]: checked })}
            classes={SWITCH_ROW}
          />
        ))}
      </SettingsSection>

      <SettingsSection title={tr.settings.display} description={tr.settings.displayText}>
        <ChoiceRow
          legend={tr.settings.theme}
          options={THEMES}
          value={display.theme}
          onChange={(theme) => update('display', { theme })}
        />
        <ChoiceRow
          legend={tr.settings.language}
          options={LANGUAGES}
          value={display.language}
          onChange={(language) => update('display', { language })}
        />
        <ChoiceRow
          legend={tr.settings.fontSize}
          options={FONT_SIZES}
          value={display.fontSize}
          onChange={(fontSize) => update('display', { fontSize })}
        />
      </SettingsSection>

      {/* docs/product.md#settings: both buttons are inert. */}
      <div className="settings__actions">
        <Button variant="secondary">{tr.settings.cancel}</Button>
        <Button>{tr.settings.save}</Button>
      </div>
    </div>
  );
}

function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="settings__section" aria-labelledby={id}>
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

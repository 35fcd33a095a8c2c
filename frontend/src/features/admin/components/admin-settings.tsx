import { type RegistrationMode, SETTINGS_LIMITS } from '@gundem/contract';
import { type ChangeEvent, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ShieldIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { SectionHead } from '../../../components/section-head';
import { LoadingBlock } from '../../../components/spinner';
import { SwitchRow, type SwitchRowClasses } from '../../../components/switch-row';
import { ApiError, errorText } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { trAdmin } from '../../../locales/tr-admin';
import { AdminFormFooter, type SaveResult } from './admin-form-footer';
import { useAdminSettings, useSaveAdminSettings } from '../api/admin-settings';
import type { AdminSettings as Settings } from '../types';

/** docs/product.md#validation and #limits-and-timings: the max post length input accepts 1 to 500. */
export const MAX_POST_LENGTH_RANGE = SETTINGS_LIMITS.maxTweetLength;
/** docs/product.md#limits-and-timings: the read-only fields and the ranges they show (the server's, in minutes and MB). */
export const READ_ONLY_RANGES = {
  windowMinutes: { min: SETTINGS_LIMITS.windowMs.min / 60_000, max: SETTINGS_LIMITS.windowMs.max / 60_000 },
  maxRequests: SETTINGS_LIMITS.maxRequests,
  maxFileSizeMb: {
    min: SETTINGS_LIMITS.maxFileSize.min / (1024 * 1024),
    max: SETTINGS_LIMITS.maxFileSize.max / (1024 * 1024),
  },
} as const;
/** The picture settings (issue 24): whole numbers within the server's ranges, edited as the post length is. */
export type MediaSetting = 'maxImagesPerPost' | 'maxImagePixels' | 'mediaUploadsPerHour';
const MEDIA_FIELDS: { key: MediaSetting; label: string; hint: string; error: string }[] = [
  { key: 'maxImagesPerPost', label: trAdmin.maxImagesPerPost, hint: trAdmin.maxImagesPerPostHint, error: trAdmin.maxImagesPerPostError },
  { key: 'maxImagePixels', label: trAdmin.maxImagePixels, hint: trAdmin.maxImagePixelsHint, error: trAdmin.maxImagePixelsError },
  { key: 'mediaUploadsPerHour', label: trAdmin.mediaUploadsPerHour, hint: trAdmin.mediaUploadsPerHourHint, error: trAdmin.mediaUploadsPerHourError },
];

/** null when `value` is a whole number within the setting's range (SETTINGS_LIMITS), else the Turkish error. */
export function mediaSettingError(key: MediaSetting, value: string): string | null {
  const trimmed = value.trim();
  const field = MEDIA_FIELDS.find((candidate) => candidate.key === key);
  const error = field?.error ?? trAdmin.saveFailed;
  if (!/^\d+$/.test(trimmed)) return error;
  const n = Number(trimmed);
  const { min, max } = SETTINGS_LIMITS[key];
  return n >= min && n <= max ? null : error;
}

/** docs/product.md#limits-and-timings: the saved message disappears after 3 seconds. */
export const SAVED_MESSAGE_MS = 3000;

const MINUTE_MS = 60_000;
const MEGABYTE = 1024 * 1024;

interface Draft {
  registrationMode: RegistrationMode;
  emailVerificationRequired: boolean;
  maintenanceMode: boolean;
  maxPostLength: string;
  allowedFileTypes: string;
  blockedEmailDomains: string;
  maxImagesPerPost: string;
  maxImagePixels: string;
  mediaUploadsPerHour: string;
}

type Toggle = 'emailVerificationRequired' | 'maintenanceMode';

const REGISTRATION_CHOICES: { mode: RegistrationMode; label: string; hint: string }[] = [
  { mode: 'open', label: trAdmin.registrationOpen, hint: trAdmin.registrationOpenHint },
  { mode: 'approval', label: trAdmin.registrationApproval, hint: trAdmin.registrationApprovalHint },
  { mode: 'closed', label: trAdmin.registrationClosed, hint: trAdmin.registrationClosedHint },
];

/** The three registration modes as one radio group (docs/product.md#admin-panel). */
function RegistrationModeField({ value, onChange }: { value: RegistrationMode; onChange: (mode: RegistrationMode) => void }) {
  const id = useId();
  return (
    <fieldset className="admin-radio-group" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="field__label">
        {trAdmin.registrationMode}
      </legend>
      {REGISTRATION_CHOICES.map(({ mode, label, hint }) => (
        <label key={mode} className="admin-radio">
          <input type="radio" name={`${id}-mode`} value={mode} checked={value === mode} aria-describedby={`${id}-${mode}-hint`} onChange={() => onChange(mode)} />
          <span className="admin-radio__text">
            <span className="admin-radio__label">{label}</span>
            <span id={`${id}-${mode}-hint`} className="field__hint">
              {hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function toDraft(settings: Settings): Draft {
  return {
    // A server from before the modes sent only the boolean.
    registrationMode: settings.registrationMode ?? (settings.registrationEnabled === false ? 'closed' : 'open'),
    emailVerificationRequired: Boolean(settings.emailVerificationRequired),
    maintenanceMode: Boolean(settings.maintenanceMode),
    maxPostLength: String(settings.maxTweetLength ?? ''),
    allowedFileTypes: settings.allowedFileTypes.join(', '),
    blockedEmailDomains: (settings.blockedEmailDomains ?? []).join('\n'),
    maxImagesPerPost: String(settings.maxImagesPerPost ?? ''),
    maxImagePixels: String(settings.maxImagePixels ?? ''),
    mediaUploadsPerHour: String(settings.mediaUploadsPerHour ?? ''),
  };
}

/** "image/png, , image/jpeg,image/png" → ["image/png", "image/jpeg"] */
export function parseFileTypes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    ),
  ];
}

/** One domain a line (commas and spaces separate too); the server normalises and checks each. */
export function parseDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((domain) => domain.trim()).filter(Boolean))];
}

/** null when `value` is a whole number within 1..500, else the Turkish error. */
export function maxPostLengthError(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return trAdmin.maxPostLengthError;
  const n = Number(trimmed);
  return n >= MAX_POST_LENGTH_RANGE.min && n <= MAX_POST_LENGTH_RANGE.max
    ? null
    : trAdmin.maxPostLengthError;
}

function saveErrorText(error: unknown): string {
  // docs/product.md#error-texts: "Hata: {message}" when the server says why, "Kaydetme hatası!" otherwise.
  return error instanceof ApiError && error.serverMessage
    ? trAdmin.errorPrefix(error.serverMessage)
    : trAdmin.saveFailed;
}

const SWITCH_ROW: SwitchRowClasses = {
  row: 'admin-switch-row',
  text: 'admin-switch-row__text',
  label: 'admin-switch-row__label',
  hint: 'field__hint',
  input: 'admin-switch__input',
  track: { wrapper: 'admin-switch', track: 'admin-switch__track' },
};

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="admin-fieldset" aria-labelledby={id}>
      <legend id={id} className="admin-fieldset__legend">
        {title}
      </legend>
      <div className="admin-fieldset__body">{children}</div>
    </fieldset>
  );
}

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A whole-number setting in its range: editable with `onChange`, read-only without (the limits
 * the server takes from its environment).
 */
function NumberField({
  label,
  hint,
  error,
  range,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  range: { min: number; max: number };
  value: string | number;
  onChange?: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <input
          {...props}
          type="number"
          className="field__input admin-input--number"
          min={range.min}
          max={range.max}
          value={value}
          {...(onChange
            ? { inputMode: 'numeric' as const, step: 1, onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value) }
            : { readOnly: true })}
        />
      )}
    </Field>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveAdminSettings();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [result, setResult] = useState<SaveResult>(null);
  const [submitted, setSubmitted] = useState(false);

  const lengthError = maxPostLengthError(draft.maxPostLength);
  const showLengthError = lengthError && (submitted || draft.maxPostLength !== '');
  const mediaErrors = Object.fromEntries(
    MEDIA_FIELDS.map(({ key }) => [key, mediaSettingError(key, draft[key])]),
  ) as Record<MediaSetting, string | null>;
  const invalid = Boolean(lengthError) || Object.values(mediaErrors).some(Boolean);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(settings));

  // The success message leaves on its own after 3 seconds; an error stays until the next try.
  useEffect(() => {
    if (result?.tone !== 'success') return;
    const timer = setTimeout(() => setResult(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) {
      setResult(null);
      return;
    }
    setResult(null);
    try {
      await save.mutateAsync({
        ...settings,
        registrationMode: draft.registrationMode,
        registrationEnabled: draft.registrationMode !== 'closed',
        emailVerificationRequired: draft.emailVerificationRequired,
        maintenanceMode: draft.maintenanceMode,
        maxTweetLength: Number(draft.maxPostLength.trim()),
        allowedFileTypes: parseFileTypes(draft.allowedFileTypes),
        blockedEmailDomains: parseDomains(draft.blockedEmailDomains),
        maxImagesPerPost: Number(draft.maxImagesPerPost.trim()),
        maxImagePixels: Number(draft.maxImagePixels.trim()),
        mediaUploadsPerHour: Number(draft.mediaUploadsPerHour.trim()),
      });
      setResult({ tone: 'success', text: trAdmin.settingsSaved });
    } catch (error) {
      setResult({ tone: 'error', text: saveErrorText(error) });
    }
  };

  const toggles: { key: Toggle; label: string; hint: string }[] = [
    {
      key: 'emailVerificationRequired',
      label: trAdmin.emailVerificationRequired,
      hint: trAdmin.emailVerificationRequiredHint,
    },
    { key: 'maintenanceMode', label: trAdmin.maintenanceMode, hint: trAdmin.maintenanceModeHint },
  ];

  return (
    <form className="admin-settings" noValidate onSubmit={(event) => void onSubmit(event)}>
      <SettingsGroup title={trAdmin.sectionGeneral}>
        <Field label={trAdmin.siteName} hint={trAdmin.siteNameHint}>
          {(props) => (
            <input {...props} className="field__input" value={settings.siteName ?? ''} readOnly />
          )}
        </Field>
        <RegistrationModeField value={draft.registrationMode} onChange={(mode) => set('registrationMode', mode)} />
        <Field label={trAdmin.blockedEmailDomains} hint={trAdmin.blockedEmailDomainsHint}>
          {(props) => (
            <textarea
              {...props}
              className="field__input admin-settings__domains"
              rows={3}
              value={draft.blockedEmailDomains}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(event) => set('blockedEmailDomains', event.target.value)}
            />
          )}
        </Field>
        {toggles.map(({ key, label, hint }) => (
          <SwitchRow
            key={key}
            label={label}
            hint={hint}
            checked={draft[key]}
            onChange={(checked) => set(key, checked)}
            classes={SWITCH_ROW}
          />
        ))}
      </SettingsGroup>

      <SettingsGroup title={trAdmin.sectionContent}>
        <NumberField
          label={trAdmin.maxPostLength}
          hint={trAdmin.maxPostLengthHint}
          error={showLengthError ? lengthError : null}
          range={MAX_POST_LENGTH_RANGE}
          value={draft.maxPostLength}
          onChange={(value) => set('maxPostLength', value)}
        />
        <Field label={trAdmin.allowedFileTypes} hint={trAdmin.allowedFileTypesHint}>
          {(props) => (
            <input
              {...props}
              className="field__input"
              value={draft.allowedFileTypes}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(event) => set('allowedFileTypes', event.target.value)}
            />
          )}
        </Field>
      </SettingsGroup>

      <SettingsGroup title={trAdmin.sectionMedia}>
        <div className="admin-settings__grid">
          {MEDIA_FIELDS.map(({ key, label, hint }) => (
            <NumberField
              key={key}
              label={label}
              hint={hint}
              error={mediaErrors[key] && (submitted || draft[key] !== '') ? mediaErrors[key] : null}
              range={SETTINGS_LIMITS[key]}
              value={draft[key]}
              onChange={(value) => set(key, value)}
            />
          ))}
        </div>
      </SettingsGroup>

      <SettingsGroup title={trAdmin.sectionLimits}>
        <p className="admin-settings__note">{trAdmin.limitsReadOnly}</p>
        <div className="admin-settings__grid">
          <NumberField
            label={trAdmin.rateLimitWindow}
            hint={trAdmin.rateLimitWindowHint}
            range={READ_ONLY_RANGES.windowMinutes}
            value={round1(settings.rateLimit.windowMs / MINUTE_MS)}
          />
          <NumberField
            label={trAdmin.rateLimitMax}
            hint={trAdmin.rateLimitMaxHint}
            range={READ_ONLY_RANGES.maxRequests}
            value={settings.rateLimit.maxRequests}
          />
          <NumberField
            label={trAdmin.maxFileSize}
            hint={trAdmin.maxFileSizeHint}
            range={READ_ONLY_RANGES.maxFileSizeMb}
            value={round1(settings.maxFileSize / MEGABYTE)}
          />
        </div>
      </SettingsGroup>

      <AdminFormFooter
        result={result}
        dirty={dirty}
        pending={save.isPending}
        onReset={() => {
          setDraft(toDraft(settings));
          setSubmitted(false);
        }}
      />
    </form>
  );
}

function SettingsLoader() {
  const { data, isPending, isError, error, isFetching, refetch } = useAdminSettings();
  if (isPending) return <LoadingBlock label={trAdmin.settingsLoading} />;
  if (isError || !data) {
    return (
      <LoadError
        title={trAdmin.settingsLoadFailed}
        message={errorText(error, trAdmin.settingsLoadFailed, trAdmin.networkError)}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return <SettingsForm settings={data} />;
}

/** System settings (docs/product.md#admin-panel, docs/wire-contract.md#settings): admins only; anyone else gets a notice, never the form. */
export function AdminSettings() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  return (
    <section className="admin-section">
      <SectionHead title={trAdmin.settings} intro={trAdmin.settingsIntro} />
      {isAdmin ? (
        <SettingsLoader />
      ) : (
        <EmptyState
          icon={<ShieldIcon size={32} />}
          title={trAdmin.settingsAdminOnlyTitle}
          description={trAdmin.settingsAdminOnly}
        />
      )}
    </section>
  );
}

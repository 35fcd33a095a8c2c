/**
 * The settings object kept with the account (issue 26; docs/wire-contract.md#preferences):
 * `GET /api/users/me/preferences` answers it whole, `PUT /api/users/me/preferences` takes any
 * part of it (a deep partial; an unknown key or a wrong type is a Turkish 400) and answers the
 * whole object as saved. The browser keeps a copy only as a cache for a guest and before sign-in.
 */

export const THEME_PREFERENCES = ['light', 'dark', 'auto'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const LANGUAGE_PREFERENCES = ['tr', 'en'] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];

export const FONT_SIZE_PREFERENCES = ['small', 'medium', 'large'] as const;
export type FontSizePreference = (typeof FONT_SIZE_PREFERENCES)[number];

/** Who may message the member: everyone, the accounts the member follows, nobody. */
export const ALLOW_MESSAGES_CHOICES = ['everyone', 'following', 'nobody'] as const;
export type AllowMessagesChoice = (typeof ALLOW_MESSAGES_CHOICES)[number];

export interface NotificationPreferencesChoices {
  /** A daily e-mail digest of unread notifications. */
  email: boolean;
  /** Live pushes (the socket's toast and badge) of what is stored. */
  push: boolean;
  mentions: boolean;
  likes: boolean;
  reposts: boolean;
  replies: boolean;
  follows: boolean;
  messages: boolean;
}

export interface PrivacyPreferences {
  /** Off hides the profile's lists (followers, following, likes) from others. */
  publicProfile: boolean;
  /** `Gönderilerimi koru`: follows need approval; posts are seen by approved followers only. */
  protectedTweets: boolean;
  /** Off keeps the account out of who-to-follow and people search. */
  discoverable: boolean;
  allowMessages: AllowMessagesChoice;
}

export interface DisplayPreferences {
  theme: ThemePreference;
  language: LanguagePreference;
  fontSize: FontSizePreference;
}

export interface Preferences {
  notifications: NotificationPreferencesChoices;
  privacy: PrivacyPreferences;
  display: DisplayPreferences;
}

/**
 * The settings object as the server answers it (GET and PUT /api/users/me/preferences,
 * `preferences:updated`): `display.language` is absent until the member chooses a language, and
 * each device then uses its browser's (English when the browser asks for English, Turkish
 * otherwise), as before sign-in. A stored default would turn an English browser Turkish at sign-in.
 */
export type PreferencesAnswer = Omit<Preferences, 'display'> & {
  display: Omit<DisplayPreferences, 'language'> & { language?: LanguagePreference };
};

/** PUT /api/users/me/preferences: any part of the object. */
export type PreferencesPatch = {
  [K in keyof Preferences]?: Partial<Preferences[K]>;
};

/** Every default: every notification on, a public and findable profile, the system's theme. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: {
    email: true,
    push: true,
    mentions: true,
    likes: true,
    reposts: true,
    replies: true,
    follows: true,
    messages: true,
  },
  privacy: {
    publicProfile: true,
    protectedTweets: false,
    discoverable: true,
    allowMessages: 'everyone',
  },
  display: {
    theme: 'auto',
    language: 'tr',
    fontSize: 'medium',
  },
};

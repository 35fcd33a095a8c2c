// Length bounds both sides enforce: the server refuses what breaks them, the client stops the
// user before sending. Counted in characters (code points) after trimming.

/**
 * A post's text. Its maximum is the site setting `maxTweetLength` (DEFAULT_SETTINGS has the
 * value a new site starts with); the admin form allows POST_MAX_LENGTH_RANGE.
 */
export const POST_MIN_LENGTH = 1;
export const POST_DEFAULT_MAX_LENGTH = 280;
export const POST_MAX_LENGTH_RANGE = { min: 1, max: 500 } as const;

/** A direct message's text. */
export const MESSAGE_MAX_LENGTH = 1000;

/** A profile's bio. */
export const BIO_MAX_LENGTH = 160;

/** A member's display name (required: at least one visible character). */
export const DISPLAY_NAME_MAX_LENGTH = 50;

/** A profile's location, free text. */
export const LOCATION_MAX_LENGTH = 30;

/** A profile's website, counted in the form the server stores (`https://` added to a bare domain). */
export const WEBSITE_MAX_LENGTH = 100;

/** The search box of posts (the admin lists' search too). */
export const SEARCH_MAX_LENGTH = 100;

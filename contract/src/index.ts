// gündem's wire contract: what goes over HTTP and Socket.IO, and the limits both sides enforce.
// Types and constants only; the wire's own names (`retweet…`, `maxTweetLength`) live here and in
// the two sides' mappers, nowhere else.
export * from './admin.js';
export * from './auth.js';
export * from './common.js';
export * from './errors.js';
export * from './limits.js';
export * from './media.js';
export * from './messages.js';
export * from './notifications.js';
export * from './pagination.js';
export * from './posts.js';
export * from './preferences.js';
export * from './realtime.js';
export * from './reports.js';
export * from './rules.js';
export * from './settings.js';
export * from './trending.js';
export * from './users.js';
export * from './moderation.js';

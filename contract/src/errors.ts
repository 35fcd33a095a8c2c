/**
 * Every error answer: a Turkish `message` and the HTTP status, plus whatever extra fields the
 * failure carries (e.g. `retryAfter` seconds on a 429 from the rate limit).
 */
export interface ErrorBody {
  statusCode: number;
  message: string;
  [extra: string]: unknown;
}

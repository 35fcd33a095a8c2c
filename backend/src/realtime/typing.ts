import { type MessageRefusal, TYPING_MIN_INTERVAL_MS, type TypingResult } from '@gundem/contract';
import { MESSAGES_FROM_FOLLOWED_ONLY, MESSAGES_FROM_NOBODY } from '../common/common.texts';
import type { SessionUser } from '../users/session-user';
import { TYPING_INVALID, TYPING_NOT_ALLOWED, TYPING_RECEIVER_NOT_FOUND, TYPING_SIGN_IN, TYPING_TO_YOURSELF, TYPING_TOO_FAST } from './realtime.texts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the typing check needs of a connection (its SocketData). */
export interface TypingSocketData {
  userId?: string;
  /** When this connection's last `message:typing` was accepted (ms since the epoch). */
  typingAt?: number;
}

/** The receiver `to` of a `{ to }` body, lowercased, or the Turkish reason it is refused. */
export function parseTypingTarget(body: unknown): { ok: true; to: string } | { ok: false; message: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: TYPING_INVALID };
  const to = (body as { to?: unknown }).to;
  if (typeof to !== 'string' || !UUID.test(to)) return { ok: false, message: TYPING_INVALID };
  return { ok: true, to: to.toLowerCase() };
}

/**
 * Whether a `message:typing` from this connection may be forwarded, with the same rules as
 * sending a message (messages.service.ts `send`): a signed-in member, to somebody else, whose
 * account exists and is active. Cheap checks first; the receiver's row comes from the session
 * cache (`findForSession`), so a typing member costs the database at most one read per receiver
 * every few seconds per node. At most one accepted per TYPING_MIN_INTERVAL_MS per connection
 * (the web app sends one every TYPING_SEND_INTERVAL_MS while typing); the slot is taken before
 * the lookup, so a flood of bad targets costs no reads either.
 */
export async function checkTyping(
  data: TypingSocketData,
  body: unknown,
  findUser: (id: string) => Promise<Pick<SessionUser, 'id' | 'isActive'> | null>,
  now = Date.now(),
): Promise<{ result: TypingResult; to?: string; tooFast?: boolean }> {
  const from = data.userId;
  if (!from) return { result: { ok: false, message: TYPING_SIGN_IN } };
  const parsed = parseTypingTarget(body);
  if (!parsed.ok) return { result: parsed };
  if (parsed.to === from) return { result: { ok: false, message: TYPING_TO_YOURSELF } };
  if (data.typingAt !== undefined && now - data.typingAt < TYPING_MIN_INTERVAL_MS) {
    return { result: { ok: false, message: TYPING_TOO_FAST }, tooFast: true };
  }
  data.typingAt = now;
  const receiver = await findUser(parsed.to);
  if (!receiver || !receiver.isActive) return { result: { ok: false, message: TYPING_RECEIVER_NOT_FOUND } };
  return { result: { ok: true }, to: parsed.to };
}

/**
 * The ack's reason when the sender may not message the receiver (UsersService.messageRefusal):
 * the same sentences as the 403 of sending a message; undefined, a receiver gone meanwhile.
 */
export function typingRefusalText(refusal: MessageRefusal | undefined): string {
  if (refusal === 'nobody') return MESSAGES_FROM_NOBODY;
  if (refusal === 'following') return MESSAGES_FROM_FOLLOWED_ONLY;
  if (refusal === 'unavailable') return TYPING_NOT_ALLOWED;
  return TYPING_RECEIVER_NOT_FOUND;
}

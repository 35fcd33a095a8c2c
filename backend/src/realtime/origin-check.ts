/** Engine-level refusal (HTTP 403 on polling, 400 on a WebSocket upgrade) of a foreign page's handshake. */
export const ORIGIN_REFUSED = 'origin';

/**
 * The handshake's origin check (cross-site WebSocket hijacking): the same rule as the auth routes'
 * (common/net/origin.ts), installed by the adapter (realtime-io.adapter.ts).
 */
export { allowedOrigins, originAllowed } from '../common/net/origin';

import type { Socket } from 'socket.io';

/**
 * A client that stops reading (a frozen tab, a dead mobile link that has not timed out yet)
 * makes the server buffer every event meant for it. A healthy client drains its backlog within
 * milliseconds, so a backlog this large at a sweep means it keeps growing: the connection is cut.
 *
 * - `packets`: engine.io packets waiting in `socket.conn.writeBuffer` (the transport is busy
 *   with earlier ones), any transport;
 * - `bytes`: the payload bytes of those packets, plus, on the websocket transport, what the
 *   WebSocket accepted but could not write to the network yet (`ws.bufferedAmount`).
 */
export const SLOW_SOCKET_LIMITS = { packets: 1_000, bytes: 4 * 1024 * 1024 } as const;
/** How often every local connection's backlog is checked. */
export const SLOW_SOCKET_SWEEP_MS = 5_000;

interface EngineInternals {
  writeBuffer?: Array<{ data?: unknown }>;
  transport?: { name?: string; socket?: { bufferedAmount?: number; terminate?: () => void } };
  close(discard?: boolean): void;
}

export interface Backlog {
  packets: number;
  bytes: number;
}

/** Approximate size of a queued packet's payload (strings by UTF-16 length: close enough for a limit). */
function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

export function outgoingBacklog(socket: Pick<Socket, 'conn'>): Backlog {
  const conn = socket.conn as unknown as EngineInternals;
  const queue = conn.writeBuffer ?? [];
  let bytes = conn.transport?.name === 'websocket' ? (conn.transport.socket?.bufferedAmount ?? 0) : 0;
  for (const packet of queue) bytes += sizeOf(packet?.data);
  return { packets: queue.length, bytes };
}

export function isBackedUp(backlog: Backlog, limits: Backlog = SLOW_SOCKET_LIMITS): boolean {
  return backlog.packets > limits.packets || backlog.bytes > limits.bytes;
}

/**
 * Closes the connection without waiting for the backlog to drain (`socket.disconnect()` would
 * wait for it, which never comes) and frees the buffered bytes at once. Socket.IO then emits
 * `disconnect` with reason "forced close", leaving every room.
 */
export function cutOff(socket: Pick<Socket, 'conn'>): void {
  const conn = socket.conn as unknown as EngineInternals;
  const ws = conn.transport?.name === 'websocket' ? conn.transport.socket : undefined;
  conn.close(true);
  ws?.terminate?.();
}

/** One sweep over the given connections; returns the ids it cut off, with their backlogs. */
export function sweepSlowSockets(
  sockets: Iterable<Pick<Socket, 'id' | 'conn'>>,
  limits: Backlog = SLOW_SOCKET_LIMITS,
): Array<{ id: string } & Backlog> {
  const cut: Array<{ id: string } & Backlog> = [];
  for (const socket of sockets) {
    const backlog = outgoingBacklog(socket);
    if (!isBackedUp(backlog, limits)) continue;
    cutOff(socket);
    cut.push({ id: socket.id, ...backlog });
  }
  return cut;
}

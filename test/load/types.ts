/**
 * Shapes shared by the benchmark's parts (`npm run bench`, see bench.ts). The harness starts the
 * nodes and the data; each part measures and returns plain figures for the table and the JSON.
 */

/** What a running node reports over its IPC channel (see backend/src/diagnostics). */
export interface NodeStats {
  /** V8 heap in use, bytes (after a full GC when one was asked for). */
  heapUsed: number;
  /** Resident set size, bytes. */
  rss: number;
  /** Socket.IO connections open on this node. */
  connections: number;
  /** Event-loop delay since the last reset, milliseconds. */
  loopDelay: { p50: number; p99: number; max: number };
}

export interface BenchNode {
  /** Base URL, e.g. http://127.0.0.1:4101 (API under /api, Socket.IO under /socket.io). */
  url: string;
  /** Asks the node for its figures; `gc` runs a full GC first, `resetLoop` restarts the delay histogram afterwards. */
  stats(options?: { gc?: boolean; resetLoop?: boolean }): Promise<NodeStats>;
}

export interface BenchUser {
  id: string;
  username: string;
  /** A valid bearer token for the user (without the `Bearer ` prefix). */
  token: string;
}

export interface RealtimeBenchContext {
  /** Two nodes sharing one PostgreSQL and one Redis. */
  nodes: [BenchNode, BenchNode];
  /** Active members with tokens (at least 500). */
  users: BenchUser[];
  /** Ids of recent, visible posts. */
  postIds: string[];
  /** `--quick`: small numbers, the whole realtime part within about 15 s. */
  quick: boolean;
  /** One progress line for the console. */
  log(line: string): void;
}

/** A latency distribution in milliseconds. */
export interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The message type both ways: a request from the parent, the answer from this process. */
export const STATS_MESSAGE = 'gundem:stats';

export interface StatsRequest {
  type: typeof STATS_MESSAGE;
  /** Run a full GC first (only when started with `--expose-gc`), so `heapUsed` is what is live. */
  gc?: boolean;
  /** Restart the event-loop delay histogram after answering. */
  resetLoop?: boolean;
}

/** The answer; test/load/types.ts's `NodeStats` plus the message type. Times in milliseconds. */
export interface StatsReply {
  type: typeof STATS_MESSAGE;
  heapUsed: number;
  rss: number;
  connections: number;
  loopDelay: { p50: number; p99: number; max: number };
}

/** What is used of `process`: tests pass a stand-in. */
export interface IpcChannel {
  send?: (message: StatsReply) => unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export interface IpcStatsOptions {
  /** This node's Socket.IO connection count. */
  connections: () => number;
  channel?: IpcChannel;
  gc?: () => void;
  memory?: () => { heapUsed: number; rss: number };
  /** The event-loop delay histogram; tests pass one with known figures. */
  histogram?: LoopHistogram;
}

/** What is used of `monitorEventLoopDelay()`'s histogram; values in nanoseconds. */
export type LoopHistogram = Pick<IntervalHistogram, 'count' | 'max' | 'percentile' | 'reset' | 'enable' | 'disable'>;

function isStatsRequest(message: unknown): message is StatsRequest {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === STATS_MESSAGE;
}

const NS_PER_MS = 1e6;
/** The histogram's sampling interval, ms: coarse enough to cost nothing, fine enough for a p99 against a 50 ms target. */
const RESOLUTION_MS = 10;

/**
 * Answers the benchmark's `gundem:stats` requests when this process was spawned with an IPC
 * channel (`stdio: [..., 'ipc']`); without one it does nothing, so production pays nothing.
 * Figures come from the process itself because an outside observer cannot see the V8 heap or
 * the event loop's delay. Returns the function that stops answering.
 */
export function installIpcStats(options: IpcStatsOptions): () => void {
  const channel = options.channel ?? (process as unknown as IpcChannel);
  if (typeof channel.send !== 'function') return () => undefined;
  const gc = options.gc ?? (globalThis as { gc?: () => void }).gc;
  const memory = options.memory ?? (() => process.memoryUsage());
  const loop: LoopHistogram = options.histogram ?? monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  loop.enable();

  const onMessage = (message: unknown) => {
    if (!isStatsRequest(message)) return;
    if (message.gc && gc) {
      // Twice: the first pass can leave garbage that only finalizers of the first made unreachable.
      gc();
      gc();
    }
    const { heapUsed, rss } = memory();
    // The histogram records whole intervals between its timer's turns; the delay is what is beyond the interval.
    const delay = (ns: number) => (loop.count > 0 ? Math.max(0, ns / NS_PER_MS - RESOLUTION_MS) : 0);
    const reply: StatsReply = {
      type: STATS_MESSAGE,
      heapUsed,
      rss,
      connections: options.connections(),
      loopDelay: {
        p50: delay(loop.percentile(50)),
        p99: delay(loop.percentile(99)),
        max: delay(loop.max),
      },
    };
    if (message.resetLoop) loop.reset();
    channel.send?.(reply);
  };
  channel.on('message', onMessage);
  return () => {
    channel.off('message', onMessage);
    loop.disable();
  };
}

import { EventEmitter } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { installIpcStats, STATS_MESSAGE, type IpcChannel, type LoopHistogram, type StatsReply } from './ipc-stats';

/** A parent's end of the IPC channel: messages in through `emit('message')`, answers recorded. */
function fakeChannel(withSend = true) {
  const emitter = new EventEmitter();
  const replies: StatsReply[] = [];
  const channel = Object.assign(emitter, withSend ? { send: (reply: StatsReply) => replies.push(reply) } : {}) as unknown as IpcChannel & EventEmitter;
  return { channel, replies };
}

const spin = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('installIpcStats', () => {
  it('answers gundem:stats with memory, connections and loop delay; runs gc when asked', async () => {
    const { channel, replies } = fakeChannel();
    let gcRuns = 0;
    const stop = installIpcStats({ channel, connections: () => 42, gc: () => gcRuns++, memory: () => ({ heapUsed: 1_000, rss: 5_000 }) });
    try {
      channel.emit('message', { type: STATS_MESSAGE });
      expect(gcRuns).toBe(0);
      channel.emit('message', { type: STATS_MESSAGE, gc: true });
      expect(gcRuns).toBeGreaterThan(0);
      expect(replies).toHaveLength(2);
      expect(replies[1]).toMatchObject({ type: STATS_MESSAGE, heapUsed: 1_000, rss: 5_000, connections: 42 });
      expect(Object.keys(replies[1].loopDelay).sort()).toEqual(['max', 'p50', 'p99']);
    } finally {
      stop();
    }
  });

  it('measures a blocked event loop in milliseconds, and forgets it after resetLoop', async () => {
    const { channel, replies } = fakeChannel();
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    // The histogram's timer records the interval that ends at its next turn: wait for that turn
    // (its count grows), never for a fixed time — on a loaded host a timer of ours may come first.
    const nextSamples = async (n: number) => {
      const target = histogram.count + n;
      while (histogram.count < target) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const stop = installIpcStats({ channel, connections: () => 0, histogram });
    try {
      await nextSamples(2);
      spin(200);
      await nextSamples(1);
      channel.emit('message', { type: STATS_MESSAGE, resetLoop: true });
      expect(replies[0].loopDelay.max).toBeGreaterThanOrEqual(150);
      expect(replies[0].loopDelay.max).toBeLessThan(10_000);
      await nextSamples(2);
      channel.emit('message', { type: STATS_MESSAGE });
      // The stall is forgotten; how late an idle loop runs depends on the machine's load, so
      // only the comparison is asserted here and the arithmetic below with known figures.
      expect(replies[1].loopDelay.max).toBeLessThan(replies[0].loopDelay.max);
    } finally {
      stop();
    }
  });

  it('reports only what is beyond the 10 ms sampling interval, and nothing before the first sample', () => {
    const { channel, replies } = fakeChannel();
    const ms = 1e6;
    let count = 0;
    const histogram: LoopHistogram = {
      get count() {
        return count;
      },
      get max() {
        return 250 * ms;
      },
      percentile: (p: number) => (p === 50 ? 10.4 * ms : p === 99 ? 9 * ms : Number.NaN),
      reset: () => undefined,
      enable: () => true,
      disable: () => true,
    };
    const stop = installIpcStats({ channel, connections: () => 0, histogram });
    try {
      channel.emit('message', { type: STATS_MESSAGE });
      expect(replies[0].loopDelay).toEqual({ p50: 0, p99: 0, max: 0 });
      count = 30;
      channel.emit('message', { type: STATS_MESSAGE });
      expect(replies[1].loopDelay.p50).toBeCloseTo(0.4, 6);
      // A turn shorter than the interval is not negative delay.
      expect(replies[1].loopDelay.p99).toBe(0);
      expect(replies[1].loopDelay.max).toBe(240);
    } finally {
      stop();
    }
  });

  it('ignores other messages and stops answering once stopped', () => {
    const { channel, replies } = fakeChannel();
    const stop = installIpcStats({ channel, connections: () => 0 });
    channel.emit('message', { type: 'başka' });
    channel.emit('message', 'gundem:stats');
    channel.emit('message', null);
    expect(replies).toEqual([]);
    stop();
    channel.emit('message', { type: STATS_MESSAGE });
    expect(replies).toEqual([]);
    expect(channel.listenerCount('message')).toBe(0);
  });

  it('does nothing without an IPC channel', () => {
    const { channel } = fakeChannel(false);
    const stop = installIpcStats({ channel, connections: () => 0 });
    expect(channel.listenerCount('message')).toBe(0);
    stop();
  });
});

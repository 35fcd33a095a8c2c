import { isBackedUp, outgoingBacklog, SLOW_SOCKET_LIMITS, sweepSlowSockets } from './slow-socket-guard';

function fakeSocket(id: string, packets: number, bytes: number, transport = 'websocket') {
  const calls: string[] = [];
  return {
    id,
    calls,
    conn: {
      writeBuffer: new Array(packets).fill({}),
      transport: { name: transport, socket: { bufferedAmount: bytes, terminate: () => calls.push('terminate') } },
      close: (discard?: boolean) => calls.push(`close(${discard})`),
    },
  };
}

describe('slow socket guard', () => {
  it('measures queued packets and their bytes on any transport, plus buffered bytes on WebSocket', () => {
    expect(outgoingBacklog(fakeSocket('a', 3, 500) as never)).toEqual({ packets: 3, bytes: 500 });
    expect(outgoingBacklog(fakeSocket('a', 3, 500, 'polling') as never)).toEqual({ packets: 3, bytes: 0 });
    const queued = fakeSocket('b', 0, 100);
    queued.conn.writeBuffer = [{ data: '42["post:new",{}]' }, { data: Buffer.alloc(1_000) }, { data: undefined }] as never;
    expect(outgoingBacklog(queued as never)).toEqual({ packets: 3, bytes: 100 + 17 + 1_000 });
  });

  it('flags a backlog only beyond the limits', () => {
    expect(isBackedUp({ packets: SLOW_SOCKET_LIMITS.packets, bytes: SLOW_SOCKET_LIMITS.bytes })).toBe(false);
    expect(isBackedUp({ packets: SLOW_SOCKET_LIMITS.packets + 1, bytes: 0 })).toBe(true);
    expect(isBackedUp({ packets: 0, bytes: SLOW_SOCKET_LIMITS.bytes + 1 })).toBe(true);
  });

  it('cuts off backed-up sockets without waiting for a drain, and leaves the others alone', () => {
    const healthy = fakeSocket('ok', 2, 1_000);
    const flooded = fakeSocket('packets', SLOW_SOCKET_LIMITS.packets + 1, 0);
    const stuck = fakeSocket('bytes', 0, SLOW_SOCKET_LIMITS.bytes + 1);
    const cut = sweepSlowSockets([healthy, flooded, stuck] as never);
    expect(cut.map((c) => c.id)).toEqual(['packets', 'bytes']);
    expect(healthy.calls).toEqual([]);
    expect(flooded.calls).toEqual(['close(true)', 'terminate']);
    expect(stuck.calls).toEqual(['close(true)', 'terminate']);
  });
});

import { Semaphore } from './semaphore';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and starts the waiting ones in arrival order', async () => {
    const sem = new Semaphore(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      sem.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(sem.load).toEqual({ running: 2, waiting: 2 });
    gates[1].resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(sem.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const sem = new Semaphore(1);
    await expect(sem.run(() => Promise.reject(new Error('hata')))).rejects.toThrow('hata');
    await expect(sem.run(async () => 'sonra')).resolves.toBe('sonra');
  });

  it('gives up waiting after queueTimeoutMs with the error it was given, and leaves the queue', async () => {
    const sem = new Semaphore(1, { queueTimeoutMs: 20, timeoutError: () => new Error('meşgul') });
    const gate = deferred();
    const holder = sem.run(() => gate.promise);
    await expect(sem.run(async () => 'hiç')).rejects.toThrow('meşgul');
    expect(sem.load).toEqual({ running: 1, waiting: 0 });
    gate.resolve();
    await holder;
    expect(sem.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new Semaphore(0)).toThrow();
    expect(() => new Semaphore(1.5)).toThrow();
  });
});

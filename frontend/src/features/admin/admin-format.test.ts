import { formatBytes } from './admin-format';

describe('formatBytes', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1.023 B'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [1_258_291, '1,2 MB'],
    [5 * 1024 * 1024, '5 MB'],
    [1024 * 1024 - 1, '1 MB'],
    [3.25 * 1024 ** 3, '3,3 GB'],
    [2 * 1024 ** 5, '2.048 TB'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [undefined, '0 B'],
    [null, '0 B'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

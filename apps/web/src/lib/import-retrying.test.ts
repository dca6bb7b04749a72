import { describe, expect, it } from 'vitest';
import { importRetrying } from './import-retrying';

/** A download that fails `failures` times, then brings the module. */
function flakyDownload(failures: number) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve({ default: 'screen' });
  };
  return { load, calls: () => calls };
}

describe('importRetrying', () => {
  it('asks again after each failed download until the module arrives', async () => {
    const download = flakyDownload(2);
    await expect(importRetrying(download.load, [1, 1])).resolves.toEqual({ default: 'screen' });
    expect(download.calls()).toBe(3);
  });

  it('asks once when the first download works', async () => {
    const download = flakyDownload(0);
    await importRetrying(download.load, [1, 1]);
    expect(download.calls()).toBe(1);
  });

  it('throws the failure once every wait is spent', async () => {
    const download = flakyDownload(5);
    await expect(importRetrying(download.load, [1, 1])).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(download.calls()).toBe(3);
  });
});

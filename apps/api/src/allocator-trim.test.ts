import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadAllocatorTrim,
  runsOnGlibc,
  startAllocatorTrimmer,
  type TrimAllocator,
} from './allocator-trim';

const glibc = runsOnGlibc();
const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * A burst of native allocations of which one in eight lives on: what glibc frees between the
 * survivors stays in the process until trimmed. A function of its own, so that no temporary of
 * the test's own frame keeps the burst alive through the collection.
 */
function fragmentNativeHeap(): Buffer[] {
  const burst = Array.from({ length: 40_000 }, () => Buffer.allocUnsafeSlow(3000));
  return burst.filter((_, i) => i % 8 === 0);
}

describe.skipIf(!glibc)('malloc_trim on glibc', () => {
  it('gives back the pages that freed native memory left in the allocator', async () => {
    const trim = loadAllocatorTrim();
    expect(trim).not.toBeNull();
    const survivors = fragmentNativeHeap();
    // The other seven in eight are garbage now; collected, their native memory is freed.
    const held = process.memoryUsage().arrayBuffers;
    gc();
    gc();
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThan(80 * MB);
    const before = process.memoryUsage().rss;
    expect(await trim!()).toBe(true);
    const released = before - process.memoryUsage().rss;
    expect(released).toBeGreaterThan(40 * MB);
    expect(survivors.every((b) => b.length === 3000)).toBe(true);
  });
});

describe('the trimmer', () => {
  afterEach(() => vi.useRealTimers());
  const log = () => ({ warn: vi.fn() });

  it('trims at every interval, one trim at a time, and when asked', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish: (() => void) | undefined;
    const trim: TrimAllocator = () => {
      calls += 1;
      return new Promise((resolve) => (finish = () => resolve(true)));
    };
    const trimmer = startAllocatorTrimmer({ intervalMs: 1000, log: log(), trim })!;
    const asked = trimmer.trimNow();
    expect(calls).toBe(1);
    // A trim still running is joined, not doubled.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    finish!();
    await asked;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    finish!();
    trimmer.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });

  it('stops after a failed trim and says so once', async () => {
    vi.useFakeTimers();
    const logged = log();
    let calls = 0;
    const trim: TrimAllocator = () => {
      calls += 1;
      return Promise.reject(new Error('sin glibc'));
    };
    const trimmer = startAllocatorTrimmer({ intervalMs: 1000, log: logged, trim })!;
    await trimmer.trimNow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
    expect(logged.warn).toHaveBeenCalledTimes(1);
  });

  it('is off with an interval of 0 or without glibc', () => {
    expect(startAllocatorTrimmer({ intervalMs: 0, log: log() })).toBeNull();
    expect(startAllocatorTrimmer({ intervalMs: 1000, log: log(), trim: null })).toBeNull();
  });
});

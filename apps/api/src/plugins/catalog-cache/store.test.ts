import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAnswer } from './answer';
import { AnswerStore } from './store';

const answer = (json: string) => keepAnswer(json, [['x-total-count', '1']]);

function usableStore(maxBytes = 1024 * 1024) {
  const store = new AnswerStore(maxBytes);
  store.resume();
  return store;
}

describe('AnswerStore', () => {
  it('builds a missing answer once: the first asker leads, the others wait for its answer', async () => {
    const store = usableStore();
    const first = store.join('k');
    const second = store.join('k');
    const third = store.join('k');
    expect([first.leader, second.leader, third.leader]).toEqual([true, false, false]);
    const built = await answer('[1]');
    store.settle(first.build, built);
    expect(await second.build.answer).toBe(built);
    expect(await third.build.answer).toBe(built);
    expect(store.get('k')).toBe(built);
  });

  it('keeps nothing when the leader has nothing to keep, and lets the next asker lead', async () => {
    const store = usableStore();
    const first = store.join('k');
    const waiting = store.join('k');
    store.settle(first.build, null);
    expect(await waiting.build.answer).toBeNull();
    expect(store.get('k')).toBeUndefined();
    expect(store.join('k').leader).toBe(true);
  });

  it('does not keep an answer read before a change, nor let anyone join it afterwards', async () => {
    const store = usableStore();
    const before = store.join('k');
    store.clear();
    const after = store.join('k');
    expect(after.leader).toBe(true);
    store.settle(before.build, await answer('["viejo"]'));
    expect(store.get('k')).toBeUndefined();
    const fresh = await answer('["nuevo"]');
    store.settle(after.build, fresh);
    expect(store.get('k')).toBe(fresh);
  });

  it('serves and keeps nothing until it hears changes, and starts empty when it does', async () => {
    const store = new AnswerStore(1024 * 1024);
    expect(store.usable).toBe(false);
    const build = store.join('k');
    store.settle(build.build, await answer('[1]'));
    expect(store.get('k')).toBeUndefined();
    store.resume();
    const kept = store.join('k');
    store.settle(kept.build, await answer('[1]'));
    expect(store.get('k')).toBeDefined();
    store.pause();
    expect(store.get('k')).toBeUndefined();
    store.resume();
    expect(store.get('k')).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used answers', async () => {
    const big = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, nombre: `P${i}` })));
    const one = await answer(big);
    const store = usableStore(one.size * 4);
    for (const key of ['a', 'b', 'c', 'd']) store.settle(store.join(key).build, await answer(big));
    store.get('a');
    store.settle(store.join('e').build, await answer(big));
    expect(store.bytes).toBeLessThanOrEqual(one.size * 4);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('e')).toBeDefined();
    // One answer may not take more than a quarter of the room.
    const huge = await answer(JSON.stringify([big, big]));
    store.settle(store.join('huge').build, huge);
    expect(store.get('huge')).toBeUndefined();
  });

  describe('a run of changes', () => {
    afterEach(() => vi.useRealTimers());

    async function keptStore(coalesceMs: number) {
      vi.useFakeTimers();
      const store = new AnswerStore(1024 * 1024, coalesceMs, () => Date.now());
      store.resume();
      const keep = async () => store.settle(store.join('k').build, await answer('[1]'));
      await keep();
      return { store, keep };
    }

    it('clears at the first change after a quiet spell, the rest of the run once at its end', async () => {
      const { store, keep } = await keptStore(1_000);
      vi.advanceTimersByTime(5_000);
      store.changed();
      expect(store.get('k')).toBeUndefined();
      await keep();
      vi.advanceTimersByTime(300);
      store.changed();
      store.changed();
      // Inside the run: the answer built after the first change is still served…
      expect(store.get('k')).toBeDefined();
      vi.advanceTimersByTime(699);
      expect(store.get('k')).toBeDefined();
      // …and gone one coalescing period after the first change.
      vi.advanceTimersByTime(1);
      expect(store.get('k')).toBeUndefined();
    });

    it('does not keep a build that began before the run’s final clear', async () => {
      const { store } = await keptStore(1_000);
      store.changed();
      vi.advanceTimersByTime(100);
      store.changed();
      const reading = store.join('k');
      vi.advanceTimersByTime(900);
      store.settle(reading.build, await answer('[2]'));
      expect(store.get('k')).toBeUndefined();
    });

    it('gathers stock moves over their own window, and any other change brings the clear forward', async () => {
      vi.useFakeTimers();
      const store = new AnswerStore(1024 * 1024, { catalogue: 1_000, stock: 5_000 }, () =>
        Date.now(),
      );
      store.resume();
      const keep = async () => store.settle(store.join('k').build, await answer('[1]'));
      vi.advanceTimersByTime(10_000);
      // The first stock move after a quiet spell clears at once…
      store.changed('stock');
      await keep();
      // …the next ones of the run, 5 s after it, not 1 s.
      vi.advanceTimersByTime(2_000);
      store.changed('stock');
      vi.advanceTimersByTime(2_999);
      expect(store.get('k')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(store.get('k')).toBeUndefined();

      // A price changed during a run of stock moves: shown 1 s after the last clear.
      await keep();
      vi.advanceTimersByTime(200);
      store.changed('stock');
      vi.advanceTimersByTime(300);
      store.changed('catalogue');
      vi.advanceTimersByTime(499);
      expect(store.get('k')).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(store.get('k')).toBeUndefined();
      // A stock move after it never puts off a clear already due sooner.
      await keep();
      vi.advanceTimersByTime(100);
      store.changed('catalogue');
      store.changed('stock');
      vi.advanceTimersByTime(900);
      expect(store.get('k')).toBeUndefined();
    });

    it('clears at every change with 0, and at once when told to clear', async () => {
      const strict = await keptStore(0);
      strict.store.changed();
      expect(strict.store.get('k')).toBeUndefined();
      await strict.keep();
      strict.store.changed();
      expect(strict.store.get('k')).toBeUndefined();

      const { store, keep } = await keptStore(1_000);
      store.changed();
      await keep();
      store.clear();
      expect(store.get('k')).toBeUndefined();
    });
  });
  it('says when the answers being built are done, a clear meanwhile notwithstanding', async () => {
    const store = new AnswerStore(1024 * 1024);
    store.resume();
    await expect(store.whenBuilt()).resolves.toBeUndefined();
    const one = store.join('uno');
    const two = store.join('dos');
    // Joining a build in progress adds no reader at the database.
    store.join('uno');
    expect(store.building).toBe(2);
    let done = false;
    const built = store.whenBuilt().then(() => (done = true));
    store.settle(one.build, await answer('[1]'));
    // A clear forgets the build, but its shopper is still being answered.
    store.clear();
    await Promise.resolve();
    expect(done).toBe(false);
    store.settle(two.build, null);
    // Settling twice counts once.
    store.settle(two.build, null);
    await built;
    expect(store.building).toBe(0);
  });

  describe('remember', () => {
    const counted = () => {
      let reads = 0;
      return {
        read: async () => {
          reads += 1;
          return [reads];
        },
        reads: () => reads,
      };
    };

    it('reads once for concurrent and later callers until the catalogue changes', async () => {
      const store = usableStore();
      const source = counted();
      const [a, b] = await Promise.all([
        store.remember('piezas', source.read),
        store.remember('piezas', source.read),
      ]);
      expect(a).toBe(b);
      expect(await store.remember('piezas', source.read)).toBe(a);
      expect(source.reads()).toBe(1);
      store.clear();
      expect(await store.remember('piezas', source.read)).toEqual([2]);
    });

    it('reads every time while changes may go unheard', async () => {
      const store = new AnswerStore(1024);
      const source = counted();
      await store.remember('piezas', source.read);
      await store.remember('piezas', source.read);
      expect(source.reads()).toBe(2);
    });

    it('does not keep a failed read', async () => {
      const store = usableStore();
      await expect(
        store.remember('piezas', () => Promise.reject(new Error('caída'))),
      ).rejects.toThrow('caída');
      expect(await store.remember('piezas', async () => 'leído')).toBe('leído');
    });

    it('forgets what it kept when an offer boundary passes', async () => {
      let now = 1_000;
      const store = new AnswerStore(
        1024,
        0,
        () => 0,
        () => now,
      );
      store.resume();
      const source = counted();
      await store.remember('piezas', source.read);
      store.expireAt(2_000);
      now = 2_000;
      await store.remember('piezas', source.read);
      expect(source.reads()).toBe(2);
    });
  });
});

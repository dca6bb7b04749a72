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

    describe('with a way to read stock', () => {
      const product = (id: number, stock: number) => ({
        id,
        sku: `SKU-${id}`,
        nombre: `P${id}`,
        stock,
      });
      const stockIn = (kept: { bodies: { identity: Buffer } }) =>
        (
          JSON.parse(kept!.bodies.identity.toString()) as {
            productos: { id: number; stock: number }[];
          }
        ).productos.map((p) => [p.id, p.stock]);

      /** The stock once product 1 sold a unit, and the stock the kept answers show. */
      const afterASale = () =>
        new Map([
          [1, 4],
          [2, 3],
          [3, 9],
        ]);
      const asKept = () =>
        new Map([
          [1, 5],
          [2, 3],
          [3, 9],
        ]);

      /** A store whose run of stock moves is over 5 s after it began, with two answers kept. */
      async function refreshing(read: (ids: readonly number[]) => Promise<Map<number, number>>) {
        // setImmediate stays real: the refresh takes turns of the event loop.
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        const store = new AnswerStore(1024 * 1024, { catalogue: 1_000, stock: 5_000 }, () =>
          Date.now(),
        );
        store.resume();
        const asked: number[][] = [];
        store.refreshStockWith((ids) => {
          asked.push([...ids].sort((a, b) => a - b));
          return read(ids);
        });
        vi.advanceTimersByTime(10_000);
        // The first stock move after a quiet spell is read at once…
        store.changed('stock');
        await store.whenRefreshed();
        const keep = async (key: string, json: unknown) =>
          store.settle(store.join(key).build, await answer(JSON.stringify(json)));
        await keep('lista', { productos: [product(1, 5), product(2, 3)] });
        await keep('otra', { productos: [product(3, 9)] });
        await keep('categorias', [{ id: 1, nombre: 'Teclados' }]);
        const before = { lista: store.get('lista')!, otra: store.get('otra')! };
        vi.advanceTimersByTime(1_000);
        store.changed('stock');
        return { store, asked, before };
      }

      it('rewrites the answers whose stock moved, with one read for all, none for each', async () => {
        const { store, asked, before } = await refreshing(async () => afterASale());
        vi.advanceTimersByTime(3_999);
        expect(asked).toEqual([]);
        vi.advanceTimersByTime(1);
        // Served as it was while the stock is read…
        expect(store.get('lista')).toBe(before.lista);
        await store.whenRefreshed();
        // …then one read for every product the kept answers show. The one that shows old stock
        // is not served again as it is; the others are kept as they were.
        expect(asked).toEqual([[1, 2, 3]]);
        expect(store.get('lista')).toBeUndefined();
        expect(store.get('otra')).toBe(before.otra);
        expect(store.get('categorias')).toBeDefined();
        // The next shopper who asks waits for it to be rewritten, as for a build they did not
        // lead; nobody is reading the database for it.
        const first = store.join('lista');
        const second = store.join('lista');
        expect([first.leader, second.leader]).toEqual([false, false]);
        expect(store.building).toBe(0);
        const lista = await first.build.answer;
        expect(await second.build.answer).toBe(lista);
        expect(stockIn(lista!)).toEqual([
          [1, 4],
          [2, 3],
        ]);
        expect(lista!.tag).not.toBe(before.lista.tag);
        expect(lista!.headers).toEqual(before.lista.headers);
        expect(store.get('lista')).toBe(lista);
        expect(asked).toHaveLength(1);
      });

      it('after a quiet spell, serves nothing kept until the stock is read', async () => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        const store = new AnswerStore(1024 * 1024, { catalogue: 1_000, stock: 5_000 }, () =>
          Date.now(),
        );
        store.resume();
        let answerRead: ((stock: Map<number, number>) => void) | undefined;
        store.refreshStockWith(
          () => new Promise<Map<number, number>>((resolve) => (answerRead = resolve)),
        );
        const keep = async (key: string, json: unknown) =>
          store.settle(store.join(key).build, await answer(JSON.stringify(json)));
        await keep('lista', { productos: [product(1, 5), product(2, 3)] });
        await keep('otra', { productos: [product(3, 9)] });
        const otra = store.get('otra');
        vi.advanceTimersByTime(10_000);
        // An order after a quiet spell: its buyer's next read must show it, so whatever they
        // ask for is built afresh while the stock is read…
        store.changed('stock');
        expect(store.get('otra')).toBeUndefined();
        expect(store.join('lista').leader).toBe(true);
        await vi.waitFor(() => expect(answerRead).toBeDefined());
        answerRead!(afterASale());
        await store.whenRefreshed();
        // …and then what is current is served again.
        expect(store.get('otra')).toBe(otra);
      });

      it('drops the pages and sitemaps it keeps, which it cannot rewrite', async () => {
        const { store } = await refreshing(async () => asKept());
        const page = await keepAnswer('<!doctype html><p>Quedan 5</p>', [
          ['content-type', 'text/html; charset=utf-8'],
        ]);
        store.settle(store.join('/productos/1').build, page);
        expect(store.get('/productos/1')).toBe(page);
        vi.advanceTimersByTime(4_000);
        await store.whenRefreshed();
        expect(store.get('/productos/1')).toBeUndefined();
        expect(store.join('/productos/1').leader).toBe(true);
        expect(store.get('otra')).toBeDefined();
      });

      it('drops an answer that shows a product no longer on sale', async () => {
        const { store } = await refreshing(
          async () =>
            new Map([
              [1, 5],
              [2, 3],
            ]),
        );
        vi.advanceTimersByTime(4_000);
        await store.whenRefreshed();
        expect(store.get('lista')).toBeDefined();
        const waiting = store.join('otra');
        expect(waiting.leader).toBe(false);
        expect(await waiting.build.answer).toBeNull();
        expect(store.get('otra')).toBeUndefined();
        expect(store.join('otra').leader).toBe(true);
      });

      it('clears everything when the stock cannot be read', async () => {
        const { store } = await refreshing(() => Promise.reject(new Error('caída')));
        vi.advanceTimersByTime(4_000);
        await store.whenRefreshed();
        expect(store.get('lista')).toBeUndefined();
        expect(store.get('categorias')).toBeUndefined();
      });

      it('clears as before when anything but stock changed in the run', async () => {
        const { store, asked } = await refreshing(async () => afterASale());
        store.changed('catalogue');
        vi.advanceTimersByTime(4_000);
        await store.whenRefreshed();
        expect(asked).toEqual([]);
        expect(store.get('lista')).toBeUndefined();
      });

      it('leaves an answer built after the run ended as it was built', async () => {
        let answerRead!: (stock: Map<number, number>) => void;
        const { store } = await refreshing(
          () => new Promise<Map<number, number>>((resolve) => (answerRead = resolve)),
        );
        vi.advanceTimersByTime(4_000);
        // Read afresh while the refresh waits for the stock: newer than what the refresh read.
        const fresh = await answer(JSON.stringify({ productos: [product(1, 2), product(2, 3)] }));
        const build = store.join('lista');
        expect(build.leader).toBe(true);
        store.settle(build.build, fresh);
        await vi.waitFor(() => expect(answerRead).toBeDefined());
        answerRead(afterASale());
        await store.whenRefreshed();
        expect(store.get('lista')).toBe(fresh);
      });
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

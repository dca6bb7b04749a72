import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';
import { inBackground, laneOf, PriorityGate, type Lane } from './priority-gate';

function gate(limit: number) {
  const clock = { now: 0 };
  const g = new PriorityGate({ limit, patienceMs: 100, now: () => clock.now });
  const served: string[] = [];
  const ask = (name: string, lane: Lane, timeoutMs = 0) =>
    g.acquire(lane, timeoutMs).then(() => served.push(name));
  return { g, clock, served, ask };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PriorityGate', () => {
  it('admits up to its limit at once, then statements, transactions and background work in turn', async () => {
    const { g, served, ask } = gate(2);
    void ask('a', 'transaction');
    void ask('b', 'background');
    await settle();
    expect(served).toEqual(['a', 'b']);
    void ask('correo', 'background');
    void ask('pedido 1', 'transaction');
    void ask('pedido 2', 'transaction');
    void ask('lectura', 'statement');
    for (let i = 0; i < 4; i++) g.release();
    await settle();
    expect(served.slice(2)).toEqual(['lectura', 'pedido 1', 'pedido 2', 'correo']);
  });

  it('serves a transaction passed over for its patience before newer statements, and jobs after twice that', async () => {
    const { g, clock, served, ask } = gate(1);
    await ask('primero', 'statement');
    void ask('correo', 'background');
    void ask('pedido', 'transaction');
    clock.now = 90;
    void ask('lectura 1', 'statement');
    g.release();
    await settle();
    clock.now = 150;
    void ask('lectura 2', 'statement');
    g.release();
    await settle();
    clock.now = 210;
    void ask('lectura 3', 'statement');
    g.release();
    g.release();
    g.release();
    await settle();
    expect(served).toEqual(['primero', 'lectura 1', 'pedido', 'lectura 2', 'correo', 'lectura 3']);
  });

  it("lets a statement's caller ask again before a waiting transaction takes its place", async () => {
    const { g, served, ask } = gate(1);
    await ask('palabras', 'statement');
    void ask('pedido', 'transaction');
    // The read's second statement, asked as soon as its first is answered (a search: its words,
    // then its products), comes before the order that waited meanwhile.
    g.release('statement');
    void ask('productos', 'statement');
    await settle();
    expect(served).toEqual(['palabras', 'productos']);
    g.release('statement');
    await settle();
    expect(served).toEqual(['palabras', 'productos', 'pedido']);
    // After a transaction, the next in line is served at once, whoever it is.
    void ask('correo', 'background');
    g.release('transaction');
    await Promise.resolve();
    expect(served.at(-1)).toBe('correo');
  });

  it('fails a wait longer than its bound with a 503-class error, and serves the others', async () => {
    const { g, served, ask } = gate(1);
    await ask('dueño', 'transaction');
    const late = await ask('tarde', 'statement', 20).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(late)).toBe(true);
    void ask('siguiente', 'statement');
    g.release();
    await settle();
    expect(served).toEqual(['dueño', 'siguiente']);
  });

  it('knows background work by where it runs, through every await', async () => {
    expect(laneOf('statement')).toBe('statement');
    const inside = await inBackground(async () => {
      await settle();
      return [laneOf('statement'), laneOf('transaction')];
    });
    expect(inside).toEqual(['background', 'background']);
    expect(laneOf('transaction')).toBe('transaction');
  });
});

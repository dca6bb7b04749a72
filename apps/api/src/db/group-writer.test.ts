import { describe, expect, it } from 'vitest';
import { GroupWriter } from './group-writer';

/** A statement that takes a turn of the event loop and records the rows it was given. */
function recorder(fail: (rows: readonly number[]) => unknown = () => undefined) {
  const statements: number[][] = [];
  const write = async (rows: readonly number[]) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const err = fail(rows);
    if (err) throw err;
    statements.push([...rows]);
  };
  return { statements, write };
}

const refused = Object.assign(new Error('valor demasiado largo'), { code: '22001' });

describe('GroupWriter', () => {
  it('writes a lone row at once, and rows asked for while it runs together in the next statement', async () => {
    const { statements, write } = recorder();
    const writer = new GroupWriter(write);
    const first = writer.write(1);
    const rest = [2, 3, 4].map((n) => writer.write(n));
    await Promise.all([first, ...rest]);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it('resolves each caller only after its own statement has ended', async () => {
    const { statements, write } = recorder();
    const writer = new GroupWriter(write);
    const seen: number[][] = [];
    await Promise.all([
      writer.write(1).then(() => seen.push(statements.flat())),
      writer.write(2).then(() => seen.push(statements.flat())),
    ]);
    expect(seen).toEqual([[1], [1, 2]]);
  });

  it('takes at most its bound of rows per statement', async () => {
    const { statements, write } = recorder();
    const writer = new GroupWriter(write, { maxRows: 2 });
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => writer.write(n)));
    expect(statements).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it('when one row’s data is refused, the others of its group are written and only it fails', async () => {
    const { statements, write } = recorder((rows) => (rows.includes(3) ? refused : undefined));
    const writer = new GroupWriter(write);
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => writer.write(n)));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(statements.flat().sort()).toEqual([1, 2, 4]);
  });

  it('a row that waits too long behind a stuck statement gets a 503 and is not written', async () => {
    const statements: number[][] = [];
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const writer = new GroupWriter(
      async (rows: readonly number[]) => {
        if (rows.includes(1)) await stuck;
        statements.push([...rows]);
      },
      { maxWaitMs: 20 },
    );
    const first = writer.write(1);
    const second = writer.write(2);
    await expect(second).rejects.toMatchObject({ name: 'DatabaseBusyError' });
    release();
    await first;
    await writer.write(3);
    expect(statements).toEqual([[1], [3]]);
  });

  it('after a failure of unknown outcome (a lost connection) nothing is written again', async () => {
    const lost = Object.assign(new Error('Connection terminated'), { code: undefined });
    let calls = 0;
    const writer = new GroupWriter(async (rows: readonly number[]) => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (rows.length > 1) throw lost;
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.write(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(calls).toBe(2);
  });
});

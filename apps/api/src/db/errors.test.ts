import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isStorageFull,
  StorageFullError,
} from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises every connection-class failure, also wrapped in causes', () => {
    const cases: unknown[] = [
      new DatabaseUnavailableError(),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('ETIMEDOUT'),
      withCode('EPIPE'),
      withCode('EHOSTUNREACH'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P02'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('08006'),
      withCode('08P01'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Failed query: select 1', { cause: withCode('57P01') }),
      new Error('outer', { cause: new Error('middle', { cause: withCode('ECONNREFUSED') }) }),
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ];
    for (const err of cases) expect(isDatabaseUnavailable(err), String(err)).toBe(true);
  });

  it('leaves bugs and bad data alone', () => {
    const cases: unknown[] = [
      null,
      undefined,
      'ECONNREFUSED',
      new Error('boom'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('22P02'),
      withCode('42P01', 'relation does not exist'),
      withCode('FST_ERR_CTP_INVALID_JSON_BODY'),
      new Error('Failed query', { cause: withCode('23503') }),
    ];
    for (const err of cases) expect(isDatabaseUnavailable(err), String(err)).toBe(false);
  });

  it('does not loop on a cycle of causes', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('isStorageFull', () => {
  it('recognises a full disk as each database reports it, also wrapped in causes', () => {
    const cases: unknown[] = [
      new StorageFullError(),
      withCode('ENOSPC'),
      withCode('EDQUOT'),
      // PostgreSQL's disk_full, and the class itself some write paths raise.
      withCode('53100', 'could not extend file "base/16384/16596": No space left on device'),
      withCode('53000'),
      // What the embedded database's worker sent for an order's insert on a full tmpfs.
      new Error('Failed query: insert into "pedidos" …', {
        cause: withCode('53100', 'could not extend file "base/5/16596": No space left on device'),
      }),
      new Error('could not write to file "pg_wal/xlogtemp.1": No space left on device'),
    ];
    for (const err of cases) expect(isStorageFull(err), String(err)).toBe(true);
  });

  it('leaves other resource errors alone', () => {
    const cases: unknown[] = [
      withCode('53200', 'out of memory'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('53400', 'temporary file size exceeds temp_file_limit'),
      withCode('ECONNREFUSED'),
      new Error('Failed query: select 1', { cause: withCode('57014') }),
    ];
    for (const err of cases) expect(isStorageFull(err), String(err)).toBe(false);
  });
});

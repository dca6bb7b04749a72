import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding, clientHolds, etagOf, keepAnswer } from './answer';

describe('chooseCoding, as @fastify/compress chooses', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
  ])('%s → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('clientHolds (If-None-Match, weak comparison)', () => {
  const tag = 'abc123';
  it.each([
    [undefined, false],
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"abc123-br"', true],
    ['"abc123-gzip"', true],
    ['"x", "abc123-br"', true],
    ['*', true],
    ['"abc1234"', false],
    ['"abc123-zstd"', false],
    ['abc123', false],
  ])('%s → %s', (header, held) => {
    expect(clientHolds(header, tag)).toBe(held);
  });
});

describe('keepAnswer', () => {
  it('gives the same bytes the same tag, and compresses only above the threshold', async () => {
    const large = JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ id: i, nombre: 'SSD' })));
    const [a, b] = [await keepAnswer(large, []), await keepAnswer(large, [])];
    expect(a.tag).toBe(b.tag);
    expect(etagOf(a.tag, 'br')).toBe(`"${a.tag}-br"`);
    expect(a.bodies.br!.length).toBeLessThan(a.bodies.identity.length);
    expect(a.bodies.gzip!.length).toBeLessThan(a.bodies.identity.length);
    const small = await keepAnswer('[{"id":1}]', []);
    expect(small.bodies).toEqual({ identity: Buffer.from('[{"id":1}]') });
    expect(small.tag).not.toBe(a.tag);
  });

  it('compresses with a window no larger than the answer, as small and as readable as the default', async () => {
    // About 300 KB of products that repeat with small differences, as a page of the catalogue does.
    const json = JSON.stringify(
      Array.from({ length: 2000 }, (_, i) => ({
        id: i,
        nombre: `Teclado mecánico Logitech ${String.fromCharCode(65 + (i % 26))}${100 + ((i * 7) % 900)}`,
        precio: 19990 + ((i * 7919) % 1000) * 130,
      })),
    );
    const kept = await keepAnswer(json, []);
    expect(zlib.brotliDecompressSync(kept.bodies.br!).toString()).toBe(json);
    expect(zlib.gunzipSync(kept.bodies.gzip!).toString()).toBe(json);
    const defaultWindow = zlib.brotliCompressSync(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      },
    });
    expect(kept.bodies.br!.length).toBeLessThanOrEqual(defaultWindow.length * 1.01);
  });
});

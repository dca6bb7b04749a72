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
});

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { COMPRESSION } from '../security';

export type Coding = (typeof COMPRESSION.encodings)[number] | 'identity';

/**
 * One answer of the catalogue as it goes on the wire: the JSON once, its compressed forms, the
 * headers that belong to it, and a tag derived from the bytes, so every instance that builds the
 * same answer gives it the same ETag.
 */
export interface KeptAnswer {
  tag: string;
  bodies: Partial<Record<Coding, Buffer>> & { identity: Buffer };
  headers: ReadonlyArray<readonly [string, string]>;
  /** Bytes held, for the cache's bound. */
  size: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compressed once and served many times, so a higher level than @fastify/compress uses for each
 * response (br 4). Not the highest: the request that builds the answer waits for it, and the
 * levels above these buy little. A builder step of 100 parts (108 KB of JSON): br 5 1.5 ms for
 * 12,985 bytes against br 8 2.5 ms for 12,843; gzip 6 1.1 ms for 14,216 against gzip 9 1.5 ms
 * for 13,979.
 */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * brotli's window, as a power of two: no larger than the answer (the whole answer stays in reach,
 * so nothing compresses worse). Its default of 4 MB, with the buffers sized after it, is memory
 * the server maps and touches for every answer it keeps (MALLOC_MMAP_THRESHOLD_, decision 026):
 * 3.9 ms instead of 0.6 ms for a 22 KB page.
 */
const brotliWindow = (bytes: number) =>
  Math.min(
    zlib.constants.BROTLI_DEFAULT_WINDOW,
    Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))),
  );
/** Key, tag, arrays and map slots: a rough fixed cost per entry so tiny answers count too. */
const ENTRY_OVERHEAD = 512;

export async function keepAnswer(
  json: string,
  headers: ReadonlyArray<readonly [string, string]>,
): Promise<KeptAnswer> {
  const identity = Buffer.from(json);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const bodies: KeptAnswer['bodies'] = { identity };
  // Below the threshold @fastify/compress sends the JSON as it is; so does the cache.
  if (identity.length >= COMPRESSION.threshold) {
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindow(identity.length),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip(identity, { level: GZIP_LEVEL }),
    ]);
    if (br.length < identity.length) bodies.br = br;
    if (gz.length < identity.length) bodies.gzip = gz;
  }
  const size =
    ENTRY_OVERHEAD +
    Object.values(bodies).reduce((sum, body) => sum + body.length, 0) +
    headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return { tag, bodies, headers, size };
}

/**
 * A strong ETag per representation: the br and gzip bytes differ from the JSON's, so their tags
 * differ too (RFC 9110 §8.8.3), all derived from the one content hash.
 */
export function etagOf(tag: string, coding: Coding): string {
  return coding === 'identity' ? `"${tag}"` : `"${tag}-${coding}"`;
}

/**
 * The coding @fastify/compress would choose: br or gzip by the client's q-values, the first of
 * COMPRESSION.encodings on a tie, `*` and x-gzip standing for gzip; the JSON itself otherwise.
 */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  let coding = chosen.get(acceptEncoding);
  if (coding === undefined) {
    // Browsers send a handful of distinct headers; anything beyond that is not worth keeping.
    if (chosen.size >= CHOSEN_MAX) chosen.clear();
    coding = negotiate(acceptEncoding);
    chosen.set(acceptEncoding, coding);
  }
  return coding;
}

const CHOSEN_MAX = 100;
const chosen = new Map<string, Coding>();

function negotiate(acceptEncoding: string): Coding {
  let best: Coding = 'identity';
  let bestQuality = 0;
  let bestRank = Infinity;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim();
    if (name === '*' || name === 'x-gzip') name = 'gzip';
    const rank = (COMPRESSION.encodings as readonly string[]).indexOf(name);
    if (rank === -1) continue;
    let quality = 1;
    for (const param of params) {
      const [k, v] = param.split('=');
      if (k?.trim() === 'q') quality = Number(v);
    }
    if (!(quality > 0)) continue;
    if (quality > bestQuality || (quality === bestQuality && rank < bestRank)) {
      best = name as Coding;
      bestQuality = quality;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a tag of any representation of this
 * answer, weak or strong, means the client holds it already.
 */
export function clientHolds(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const candidate = raw.trim();
    if (candidate === '*') return true;
    const opaque = candidate.startsWith('W/') ? candidate.slice(2) : candidate;
    if (!opaque.startsWith(`"${tag}`)) continue;
    const rest = opaque.slice(tag.length + 1);
    if (rest === '"' || rest === '-br"' || rest === '-gzip"') return true;
  }
  return false;
}

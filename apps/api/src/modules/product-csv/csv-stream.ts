import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { badRequest, HttpError } from '../../http-errors';
import { detectDelimiter } from './csv-format';

/** What a CSV upload may hold: each bound is refused with a Spanish message that names it. */
export interface CsvLimits {
  /** Data rows (the header is not counted). */
  maxRows: number;
  /** Cells in the header or in any row. */
  maxColumns: number;
  /** Characters in one line of the file, and in one record (a quoted cell may span lines). */
  maxLineChars: number;
}

const count = (n: number) => n.toLocaleString('es-CL');

export const CSV_LIMIT_MESSAGES = {
  rows: (max: number) => `El archivo supera el máximo de ${count(max)} filas de productos.`,
  columns: (max: number) => `El archivo supera el máximo de ${count(max)} columnas.`,
  line: (line: number, max: number) =>
    `La línea ${count(line)} del archivo supera el máximo de ${count(max)} caracteres.`,
  // PostgreSQL text cannot hold NUL; a file saved as UTF-16 is full of them.
  nul: (line: number) =>
    `La línea ${count(line)} del archivo tiene caracteres no permitidos: guárdalo como CSV UTF-8.`,
  unreadable: (line: number) =>
    `El archivo no se pudo leer como CSV: revisa las comillas cerca de la línea ${count(line)}.`,
} as const;

/** Bytes decoded per step: each step's parse is a few milliseconds of work at most. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The file's text in pieces: UTF-8 (with or without BOM, which csv-parse drops), or Windows-1252
 * when the bytes are not UTF-8, which is what Excel's plain 'CSV (delimitado por comas)' saves.
 * Each piece is checked for a line longer than the limit before the parser sees it, so a line of
 * ten million separators is refused after its first characters, not after the parser has built
 * ten million cells.
 */
function* decodedPieces(bytes: Uint8Array, maxLineChars: number): Generator<string> {
  const encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252';
  const decoder = new TextDecoder(encoding);
  let lineLength = 0;
  let line = 1;
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const piece = decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true });
    for (let i = 0; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      if (code === 0) throw badRequest(CSV_LIMIT_MESSAGES.nul(line));
      if (code === 10 || code === 13) {
        if (code === 10 || piece.charCodeAt(i + 1) !== 10) line++;
        lineLength = 0;
      } else if (++lineLength > maxLineChars) {
        throw badRequest(CSV_LIMIT_MESSAGES.line(line, maxLineChars));
      }
    }
    yield piece;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Whether the bytes are valid UTF-8, checked in pieces (a fatal decoder throws on the first bad one). */
function isUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
      decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The header line's separator, read from its first characters only (the line is bounded). */
const headerDelimiter = (bytes: Uint8Array, maxLineChars: number) =>
  detectDelimiter(new TextDecoder().decode(bytes.subarray(0, maxLineChars * 4 + 3)));

interface ParsedRecord {
  record: string[];
  info: { bytes: number };
}

/** One record of the file, and how many of the file's bytes lie up to its end. */
export interface CsvRecord {
  cells: string[];
  bytes: number;
}

/**
 * The file's records, streamed through csv-parse a piece at a time, within the limits: the caller
 * decides when to yield to the event loop between records. Rows past `maxRows` answer 413; a line,
 * record or header past its bound answers 400, each naming the limit.
 */
export async function* csvRecords(
  bytes: Uint8Array,
  limits: CsvLimits,
): AsyncGenerator<CsvRecord, void, undefined> {
  const parser = parse({
    bom: true,
    delimiter: headerDelimiter(bytes, limits.maxLineChars),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: limits.maxLineChars,
    info: true,
  });
  const source = Readable.from(decodedPieces(bytes, limits.maxLineChars), { objectMode: false });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  let rows = -1;
  try {
    for await (const { record: cells, info } of parser as AsyncIterable<ParsedRecord>) {
      if (cells.length > limits.maxColumns) {
        throw badRequest(CSV_LIMIT_MESSAGES.columns(limits.maxColumns));
      }
      if (++rows > limits.maxRows)
        throw new HttpError(413, CSV_LIMIT_MESSAGES.rows(limits.maxRows));
      yield { cells, bytes: info.bytes };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, lines } = err as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw badRequest(CSV_LIMIT_MESSAGES.line(lines ?? 1, limits.maxLineChars));
    }
    if (typeof code === 'string' && code.startsWith('CSV_')) {
      throw badRequest(CSV_LIMIT_MESSAGES.unreadable(lines ?? 1));
    }
    throw err;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

import {
  CAMPOS_COMPONENTE,
  isoToChileLocal,
  TIPO_COMPONENTE_LABEL,
  TIPOS_COMPONENTE,
  type CampoComponente,
  type ComponenteParcial,
  type Especificacion,
  type TipoComponente,
} from '@nexbyte/shared';
import type { Options as StringifyOptions } from 'csv-stringify';

// How product fields are written in the shop's CSV, both ways: what the export writes, the import
// reads back unchanged, and what the import also accepts from a spreadsheet typed by hand in Chile.

/** Excel in Chile separates with ';' and opens UTF-8 only with the BOM. */
export const CSV_DELIMITER = ';';

const SPEC_SEPARATOR = '|';
const SPEC_ASSIGN = '=';

/**
 * A price as people in Chile write it: `$12.990`, `12.990`, `12990`, `12990,5` (comma for
 * decimals), and also `12990.5` as a program writes it. A dot followed by exactly three digits is a
 * thousands separator. Anything else is answered unchanged, for the schema to refuse with its own
 * message.
 */
export function parsePrice(text: string): number | string {
  const plain = text.replace(/\s/g, '').replace(/^\$/, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(plain)) {
    return Number(plain.replace(/\./g, '').replace(',', '.'));
  }
  if (/^\d+(,\d{1,2})?$/.test(plain)) return Number(plain.replace(',', '.'));
  if (/^\d+\.\d{1,2}$/.test(plain)) return Number(plain);
  return text;
}

/** Whole pesos as digits only; cents (rare in CLP) with a decimal comma, as Excel in Chile reads them. */
export function formatPrice(precio: number): string {
  return Number.isInteger(precio) ? String(precio) : precio.toFixed(2).replace('.', ',');
}

/** An offer's start or end as Chile's clocks show it, '2026-11-30 23:59'; empty without an offer. */
export function formatOfferInstant(value: Date | null): string {
  return value === null ? '' : isoToChileLocal(value.toISOString()).replace('T', ' ');
}

/** A weight or a side (numeric text, null while unknown) with a decimal comma; empty when unknown. */
export function formatMeasure(value: string | null): string {
  return value === null ? '' : String(Number(value)).replace('.', ',');
}

const YES = new Set(['si', 'sí', 's', '1', 'true', 'verdadero', 'activo', 'x']);
const NO = new Set(['no', 'n', '0', 'false', 'falso', 'inactivo']);

/** `sí`/`no` and their usual spellings; null when the text says neither. */
export function parseActive(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

export const formatActive = (activo: boolean) => (activo ? 'sí' : 'no');

/** `Capacidad=1 TB|Interfaz=NVMe`: a value may hold '=' (only the first one splits). */
export function parseSpecs(text: string): { nombre: string; valor: string }[] {
  return text
    .split(SPEC_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf(SPEC_ASSIGN);
      return at < 0
        ? { nombre: part, valor: '' }
        : { nombre: part.slice(0, at).trim(), valor: part.slice(at + 1).trim() };
    });
}

export const formatSpecs = (specs: Especificacion[]) =>
  specs.map((s) => `${s.nombre}${SPEC_ASSIGN}${s.valor}`).join(SPEC_SEPARATOR);

/**
 * A spreadsheet runs a cell that starts with =, +, - or @ (or tab or CR, which some strip first) as
 * a formula (CSV injection): a name typed by one user must not run in another's Excel. A cell may
 * hold line breaks (a description, or a name typed with one), and a reader that takes a line break
 * as the end of a row starts a new row there, so every line of the cell is guarded, not only the
 * first: the export puts an apostrophe, which Excel hides, before such a line, and the import takes
 * it off again. CRLF, CR and LF each end a line.
 */
const LINE_BREAK = /(\r\n|\r|\n)/;
const FORMULA_LINE = /^[=+\-@\t]/;
const GUARDED_LINE = /^'[=+\-@\t]/;

/** Each line of `text` through `line`, its line breaks kept as they were. */
const eachLine = (text: string, line: (text: string) => string) =>
  /[\r\n]/.test(text)
    ? text
        .split(LINE_BREAK)
        .map((part, i) => (i % 2 === 0 ? line(part) : part))
        .join('')
    : line(text);

export function guardFormula(text: string): string {
  const guarded = eachLine(text, (line) => (FORMULA_LINE.test(line) ? `'${line}` : line));
  // A CR that opens the cell: some readers drop it and take what follows as the formula.
  return guarded.startsWith('\r') ? `'${guarded}` : guarded;
}

export function unguardFormula(text: string): string {
  const plain = text.startsWith("'\r") ? text.slice(1) : text;
  return eachLine(plain, (line) => (GUARDED_LINE.test(line) ? line.slice(1) : line));
}

/**
 * How every CSV the shop writes is made, with csv-stringify: UTF-8 with BOM, CRLF between rows
 * (Excel on Windows expects it; the import reads either), a header row, every text cell guarded
 * against formulas, and every cell holding a CR or LF quoted. csv-stringify quotes the record
 * delimiter itself, but with `record_delimiter: 'windows'` only a full CRLF, so a lone LF in a name
 * would end the row in the file; `quote_record_delimiter` makes it quote any line break.
 */
export function spreadsheetCsvOptions(
  columns: readonly string[],
  delimiter: string = CSV_DELIMITER,
): StringifyOptions {
  return {
    bom: true,
    delimiter,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    cast: { string: guardFormula },
  };
}

/** A header as typed: case, accents and spaces do not matter ('Categoría ' is categoria). */
export const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** A category name compared the same lenient way. */
export const categoryKey = normalizeHeader;

/**
 * The file's text: UTF-8 (with or without BOM, which csv-parse drops), or Windows-1252 when the
 * bytes are not UTF-8, which is what Excel's plain 'CSV (delimitado por comas)' saves.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** ';' or ',', whichever the header line uses more (outside quotes); ';' on a tie. */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/**
 * A PC part's typed specification in one cell, the way the specifications are written:
 * `tipo=PROCESADOR|socket=AM5|nucleos=8|tdpW=120|graficosIntegrados=sí`, a list's values separated
 * by commas (`socketsCompatibles=AM4,AM5`). Empty for a product that is not a part.
 */
export function formatComponent(componente: ComponenteParcial | null | undefined): string {
  if (!componente) return '';
  const parts = [`tipo${SPEC_ASSIGN}${componente.tipo}`];
  const values = componente as Record<string, unknown>;
  for (const campo of CAMPOS_COMPONENTE[componente.tipo as TipoComponente]) {
    const v = values[campo.campo];
    if (v === undefined || v === null) continue;
    const text = typeof v === 'boolean' ? formatActive(v) : Array.isArray(v) ? v.join(',') : v;
    parts.push(`${campo.campo}${SPEC_ASSIGN}${String(text)}`);
  }
  return parts.join(SPEC_SEPARATOR);
}

export const COMPONENT_MESSAGES = {
  tipo: `Componente: indica tipo=… con uno de ${TIPOS_COMPONENTE.join(', ')}.`,
  campo: (nombre: string, tipo: string) =>
    `Componente: «${nombre}» no es un valor de ${tipo.toLowerCase()}.`,
  sinValor: (nombre: string) => `Componente: «${nombre}» necesita un valor (${nombre}=…).`,
} as const;

const UNIT_SUFFIX = /\s*(w|mm|gb|mhz)$/i;

/** A cell's text as the field's type: the schema then checks it, with its own messages. */
function componentValue(campo: CampoComponente, text: string): unknown {
  switch (campo.tipo) {
    case 'numero': {
      // '650 W' as well as '650', and a thousands dot as Chile writes it ('1.000').
      const plain = text.replace(UNIT_SUFFIX, '').replace(/\.(?=\d{3}$)/, '');
      return /^-?\d+$/.test(plain) ? Number(plain) : text;
    }
    case 'booleano':
      return parseActive(text) ?? text;
    case 'opcion':
      return campo.opciones.find((o) => categoryKey(o) === categoryKey(text)) ?? text;
    case 'opciones':
      return text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .map((v) => campo.opciones.find((o) => categoryKey(o) === categoryKey(v)) ?? v);
    case 'texto':
      return text;
  }
}

/**
 * The cell back as the specification the shared schema checks (values in the schema's types,
 * field names and kinds case-insensitive, a kind also by its Spanish name); an empty cell is no
 * specification. What cannot be read says why, in the row's report.
 */
export function parseComponent(
  text: string,
): { componente: Record<string, unknown> | null } | { motivo: string } {
  const pairs = parseSpecs(text);
  if (pairs.length === 0) return { componente: null };
  const tipoText = pairs.find((p) => categoryKey(p.nombre) === 'tipo')?.valor ?? '';
  const tipo = TIPOS_COMPONENTE.find(
    (t) =>
      categoryKey(t) === categoryKey(tipoText) ||
      categoryKey(TIPO_COMPONENTE_LABEL[t]) === categoryKey(tipoText),
  );
  if (!tipo) return { motivo: COMPONENT_MESSAGES.tipo };
  const componente: Record<string, unknown> = { tipo };
  for (const { nombre, valor } of pairs) {
    if (categoryKey(nombre) === 'tipo') continue;
    const campo = CAMPOS_COMPONENTE[tipo].find(
      (c) =>
        categoryKey(c.campo) === categoryKey(nombre) ||
        categoryKey(c.etiqueta) === categoryKey(nombre),
    );
    if (!campo) return { motivo: COMPONENT_MESSAGES.campo(nombre, TIPO_COMPONENTE_LABEL[tipo]) };
    if (valor === '') return { motivo: COMPONENT_MESSAGES.sinValor(nombre) };
    componente[campo.campo] = componentValue(campo, valor);
  }
  return { componente };
}

/** Where a row's specification failed, in the admin form's words: 'Componente, Socket: …'. */
export function componentIssue(
  componente: unknown,
  path: readonly PropertyKey[],
  message: string,
): string {
  const tipo = (componente as { tipo?: TipoComponente } | null)?.tipo;
  const campo = tipo && CAMPOS_COMPONENTE[tipo]?.find((c) => c.campo === path[1]);
  return campo ? `Componente, ${campo.etiqueta}: ${message}` : `Componente: ${message}`;
}

// Chilean RUN: a 7 or 8 digit body and a check digit (0-9 or K) computed with modulo 11.

const RUN_SHAPE = /^(\d{7,8})([\dK])$/;
const LOOSE_SHAPE = /^(\d+)([\dK])$/;

/** People write RUNs with dots, hyphens (or look-alike dashes pasted from documents) and spaces. */
export function cleanRun(input: string): string {
  return input.replace(/[.\s‐‑‒–—-]/g, '').toUpperCase();
}

export function computeRunCheckDigit(body: string): string {
  if (!/^\d+$/.test(body))
    throw new RangeError(`El cuerpo del RUN debe tener solo dígitos: '${body}'`);
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

export function isValidRun(input: string): boolean {
  const match = RUN_SHAPE.exec(cleanRun(input));
  if (!match) return false;
  const [, body = '', checkDigit] = match;
  return computeRunCheckDigit(body) === checkDigit;
}

function splitRun(input: string): { body: string; checkDigit: string } | null {
  const match = LOOSE_SHAPE.exec(cleanRun(input));
  if (!match) return null;
  const [, body = '', checkDigit = ''] = match;
  // Leading zeros carry no meaning and would give '01.234.567-8'.
  return { body: body.replace(/^0+(?=\d)/, ''), checkDigit };
}

/**
 * Display form, '12.345.678-5'. Also used while typing, so any digits-plus-check-digit input is
 * shaped; input that is not (letters in the body, a single character) comes back cleaned only.
 */
export function formatRun(input: string): string {
  const parts = splitRun(input);
  if (!parts) return cleanRun(input);
  const body = parts.body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${parts.checkDigit}`;
}

/** Storage form, '12345678-5': one spelling per person, so uniqueness checks compare like with like. */
export function normalizeRun(input: string): string {
  const parts = splitRun(input);
  return parts ? `${parts.body}-${parts.checkDigit}` : cleanRun(input);
}

import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from '../constants';
import { acceptsAnyEmailDomain, emailDomainsMessage, hasAllowedDomain } from '../email-domains';
import { normalizePhone, PHONE_PATTERN } from '../phone';
import { canonicalComuna, canonicalRegion, comunasOf, REGION_NAMES } from '../regions';
import { isValidRun, normalizeRun } from '../run';

export const MAX_MESSAGE = (n: number) => `Máximo ${n} caracteres.`;

/** A required text field: trimmed, with one message for missing, wrong type and too short. */
export function requiredText(message: string, { min = 1, max = NAME_MAX } = {}) {
  return z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: MAX_MESSAGE(max) });
}

/** Empty strings and null both mean "not given" for optional text. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export function optionalText(max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: 'Debe ser texto.' })
      .trim()
      .max(max, { error: MAX_MESSAGE(max) })
      .nullish(),
  );
}

export interface EmailMessages {
  format: string;
}

/**
 * E-mail trimmed and lower-cased, at most 100 characters, and (when domains are given and are not
 * `*`) of an allowed domain.
 */
export function emailField(messages: EmailMessages, domains?: readonly string[]) {
  const field = z
    .string({ error: messages.format })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: MAX_MESSAGE(EMAIL_MAX) })
    .pipe(z.email({ error: messages.format }));
  if (domains && !acceptsAnyEmailDomain(domains)) {
    const domainMessage = emailDomainsMessage(domains);
    return field.refine((v) => hasAllowedDomain(v, domains), { error: domainMessage });
  }
  return field;
}

/** RUN validated with the check digit and stored in its canonical form '12345678-5'. */
export function runField(message: string, { min, max }: { min?: number; max?: number } = {}) {
  let base = z.string({ error: message }).trim();
  if (min !== undefined) base = base.min(min, { error: message });
  if (max !== undefined) base = base.max(max, { error: message });
  return base.refine(isValidRun, { error: message }).transform(normalizeRun);
}

/** Blank is "not given"; a typed number ('+56912345678', '912345678') becomes '9 1234 5678'. */
const phoneInput = (v: unknown) => {
  const blank = blankToNull(v);
  return typeof blank === 'string' ? normalizePhone(blank) : blank;
};

/** An optional mobile number, stored as '9 1234 5678' however it was written. */
export function phoneField(message: string) {
  return z.preprocess(
    phoneInput,
    z.string({ error: message }).regex(PHONE_PATTERN, { error: message }).nullish(),
  );
}

/** A required mobile number, stored as '9 1234 5678' however it was written. */
export function requiredPhoneField(message: string) {
  return z
    .string({ error: message })
    .transform(normalizePhone)
    .pipe(z.string().regex(PHONE_PATTERN, { error: message }));
}

/** One of the 16 regiones, stored as our table names it ('Región de Ñuble' is 'Ñuble'). */
export function regionField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .transform((v) => canonicalRegion(v) ?? v)
    .refine((v) => REGION_NAMES.includes(v), { error: message });
}

/**
 * A comuna, stored as our table names it when it is one of ours under another name or spelling
 * ('Rapa Nui', 'PROVIDENCIA'); whether it belongs to the región is comunaInRegion's call.
 */
export function comunaField(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .transform((v) => canonicalComuna(v) ?? v);
}

/**
 * The comuna must belong to the chosen region. Runs even when other fields fail, so a form shows
 * every message at once.
 */
export function comunaInRegion<T extends z.ZodType>(
  schema: T,
  message: string,
  keys: { region: string; comuna: string } = { region: 'region', comuna: 'comuna' },
) {
  return schema.superRefine((value, ctx) => {
    const v = value as Record<string, unknown>;
    const region = v[keys.region];
    const comuna = v[keys.comuna];
    if (typeof region !== 'string' || typeof comuna !== 'string' || comuna === '') return;
    if (!REGION_NAMES.includes(region)) return;
    if (!comunasOf(region).includes(comuna)) {
      ctx.addIssue({ code: 'custom', path: [keys.comuna], message });
    }
  });
}

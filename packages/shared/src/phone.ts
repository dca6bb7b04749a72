/** Chilean mobile number as the forms show it: '9 1234 5678'. */
export const PHONE_PATTERN = /^9 \d{4} \d{4}$/;

const NATIONAL_DIGITS = 9;
const COUNTRY_CODE = '56';

/**
 * Shapes the phone field while the shopper types or pastes. After a '+' the 56 is the country
 * code (kept on screen while it is being typed, then dropped). Without the '+', a leading 56 is
 * taken as the country code only once there are more digits than a national number holds,
 * because a number typed without it could itself begin with 5 and 6.
 */
export function formatPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  const start = input.trimStart();
  if (start.startsWith('+')) {
    if (COUNTRY_CODE.startsWith(digits)) return `+${digits}`;
    if (digits.startsWith(COUNTRY_CODE)) digits = digits.slice(COUNTRY_CODE.length);
  } else if (start.startsWith(COUNTRY_CODE) && digits.length > NATIONAL_DIGITS) {
    digits = digits.slice(COUNTRY_CODE.length);
  }
  digits = digits.slice(0, NATIONAL_DIGITS);
  return [digits.slice(0, 1), digits.slice(1, 5), digits.slice(5, 9)].filter(Boolean).join(' ');
}

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/**
 * A mobile number as another client may send it ('912345678', '+56912345678', '+56 9 1234 5678',
 * '9-1234-5678') in the one form the shop stores: '9 1234 5678'. Anything that is not such a
 * number comes back as it was, for the field's own message to refuse it.
 */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return trimmed;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === NATIONAL_DIGITS + COUNTRY_CODE.length && digits.startsWith(COUNTRY_CODE)) {
    digits = digits.slice(COUNTRY_CODE.length);
  } else if (trimmed.startsWith('+')) {
    return trimmed;
  }
  if (digits.length !== NATIONAL_DIGITS || !digits.startsWith('9')) return trimmed;
  return `${digits.slice(0, 1)} ${digits.slice(1, 5)} ${digits.slice(5)}`;
}

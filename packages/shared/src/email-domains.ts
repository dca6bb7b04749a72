export const DEFAULT_ALLOWED_EMAIL_DOMAINS: readonly string[] = [
  'duoc.cl',
  'profesor.duoc.cl',
  'gmail.com',
];

/** ALLOWED_EMAIL_DOMAINS=* : a shop open to every customer, whatever their e-mail provider. */
export const ANY_EMAIL_DOMAIN = '*';

/**
 * Reads a comma-separated list such as ALLOWED_EMAIL_DOMAINS; empty or missing gives the default.
 * `*` anywhere in the list means any domain, so the list collapses to ['*'].
 */
export function parseEmailDomains(csv: string | undefined | null): readonly string[] {
  const domains = (csv ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  if (domains.includes(ANY_EMAIL_DOMAIN)) return [ANY_EMAIL_DOMAIN];
  return domains.length > 0 ? [...new Set(domains)] : DEFAULT_ALLOWED_EMAIL_DOMAINS;
}

/** Whether the list lets in every well-formed address. */
export function acceptsAnyEmailDomain(domains: readonly string[]): boolean {
  return domains.includes(ANY_EMAIL_DOMAIN);
}

/** 'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com', built from the list. */
export function emailDomainsMessage(domains: readonly string[]): string {
  const names = domains.map((d) => `@${d}`);
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
  return `Solo se permiten correos ${list}`;
}

export function hasAllowedDomain(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  if (acceptsAnyEmailDomain(domains)) return true;
  return domains.includes(
    email
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  );
}

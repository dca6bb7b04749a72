/** Gmail's own domains: their mailboxes ignore dots in the local part. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The form of an e-mail address that one person's limits count under (a coupon's uses per customer,
 * a guest's unpaid orders), never one to write to: lower case; the local part cut at its first
 * `+` (`ana+1@x.cl` is the mailbox `ana@x.cl` at most providers); and at gmail.com or
 * googlemail.com, which ignore dots, the dots of the local part dropped and the domain gmail.com.
 * Dots elsewhere stay: other providers (Google Workspace domains among them) give `ana.perez` and
 * `anaperez` to different people. Migration 0018 backfilled stored addresses with the same rule.
 */
export function customerEmailKey(correo: string): string {
  const address = correo.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

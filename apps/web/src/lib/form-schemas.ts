import { buildDomainSchemas, parseEmailDomains, type DomainSchemas } from '@nexbyte/shared';

/**
 * The allowed e-mail domains the server runs with: it writes them into index.html
 * (<meta name="nexbyte:email-domains">). Without them (the Vite dev server, tests) the shared
 * defaults apply, and the server still checks every form itself.
 */
export function allowedEmailDomains(): readonly string[] {
  // The server render only builds the forms; they check what is typed in the browser.
  if (typeof document === 'undefined') return parseEmailDomains(undefined);
  const meta = document.querySelector<HTMLMetaElement>('meta[name="nexbyte:email-domains"]');
  return parseEmailDomains(meta?.content);
}

let schemas: DomainSchemas | undefined;

/** The forms' schemas, built once with the server's e-mail domains. */
export function domainSchemas(): DomainSchemas {
  schemas ??= buildDomainSchemas(allowedEmailDomains());
  return schemas;
}

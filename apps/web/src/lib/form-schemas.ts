import { parseEmailDomains } from '@nexbyte/shared';

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

const built = new WeakMap<object, unknown>();

/**
 * A form's schema (`buildSoporteSchema`, `buildContactoSchema`…), built once with the server's
 * e-mail domains. Each form names its own builder, so a page loads and builds only the schemas
 * it shows: building every form's (and loading the modules that hold them) cost a phone's main
 * thread a hundred milliseconds on pages with one form.
 */
export function domainSchema<T>(build: (domains: readonly string[]) => T): T {
  if (!built.has(build)) built.set(build, build(allowedEmailDomains()));
  return built.get(build) as T;
}

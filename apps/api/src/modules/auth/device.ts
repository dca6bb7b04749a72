import Bowser from 'bowser';

/** The longest user agent kept with a session: enough for any real browser, bounded for the row. */
export const USER_AGENT_MAX = 400;

/** Names people know the browsers by; bowser's own names otherwise. */
const BROWSER_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Android Browser': 'Navegador de Android',
  'Internet Explorer': 'Internet Explorer',
};

const OS_NAMES: Record<string, string> = {
  'Chrome OS': 'ChromeOS',
};

/**
 * A session's device in Spanish, as its list in /cuenta shows it: 'Chrome en Windows',
 * 'Safari en iOS', or 'Navegador desconocido' when the user agent says nothing we recognise
 * (a script, a blank header).
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Navegador desconocido';
  const parser = Bowser.getParser(userAgent.slice(0, USER_AGENT_MAX));
  const rawBrowser = parser.getBrowserName();
  const rawOs = parser.getOSName();
  const browser = rawBrowser ? (BROWSER_NAMES[rawBrowser] ?? rawBrowser) : '';
  const os = rawOs ? (OS_NAMES[rawOs] ?? rawOs) : '';
  if (browser && os) return `${browser} en ${os}`;
  if (browser) return browser;
  if (os) return `Navegador en ${os}`;
  return 'Navegador desconocido';
}

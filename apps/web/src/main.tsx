// The browser's entry: small on purpose. It holds what is typed into the server's page, lets the
// browser paint that page, and only then asks for the app's code (start-app.tsx and the screens
// shown, listed by the server) and runs it. On a phone that code would otherwise share the
// network with the page's main picture, and on a repeat visit, already cached, hold back the
// first paint while it runs. Until it runs the page is still a page: its links are links, and
// what is typed or submitted is kept for the app (early-input.ts). A failed download of that code
// is asked for again (import-retrying.ts).
import { holdEarlyInput } from './lib/early-input';
import { importRetrying } from './lib/import-retrying';
import { SSR_MODULES_ID } from './ssr-data';
import './styles/global.css';
import './styles/ui.css';

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html.');
const earlyInput = holdEarlyInput(root);

/** Resolves once the page has been painted; at once in a hidden tab, which paints nothing. */
function afterPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Asks for all the page's code at once, instead of module by module as each one is imported. */
function preloadPageCode(): void {
  const listed = document.getElementById(SSR_MODULES_ID)?.textContent;
  const files = listed ? (JSON.parse(listed) as string[]) : [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

void afterPaint()
  .then(() => {
    preloadPageCode();
    return importRetrying(() => import('./start-app'));
  })
  .then(({ startApp }) => startApp(root, earlyInput));

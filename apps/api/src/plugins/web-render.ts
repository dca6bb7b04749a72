import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx answers (its build lives in the web app's dist/server). */
type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      head: string;
      router: unknown;
      queries: unknown;
      modules: string[];
    };

interface ServerEntry {
  render: (request: Request, publicUrl: string) => Promise<RenderResult>;
  setApiTransport: (transport: (url: string, init: RequestInit) => Promise<Response>) => void;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Where the server build of the web app is, inside the built web app (never served). */
export const SERVER_DIR = 'server';
const ENTRY = path.join(SERVER_DIR, 'entry-server.js');
const MANIFEST = path.join('.vite', 'manifest.json');

/** The ids of the JSON scripts main.tsx reads (apps/web/src/ssr-data.ts). */
const ROUTER_ID = 'nexbyte-router';
const QUERIES_ID = 'nexbyte-queries';
const MODULES_ID = 'nexbyte-modules';

/** The shell's own stylesheet, as Vite links it. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;
/** What the page's own head replaces in the shell. */
const TEMPLATE_HEAD = /<title>[^<]*<\/title>/;
const TEMPLATE_DESCRIPTION = /\s*<meta name="description" content="[^"]*"\s*\/?>/;

/** JSON that can sit inside a <script> element: no '</script>', no '<!--'. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The CSS files and the code of a rendered screen and everything it imports statically. */
function assetsOf(manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>) {
  const css: string[] = [];
  const js: string[] = [];
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    js.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { css, js };
}

export interface PageRenderer {
  /** The page for a GET of `url`, written into the shell `template`; null when it cannot render. */
  render(url: string, clientIp: string, template: string): Promise<RenderedPage | null>;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  /**
   * `dataFailed`: a call for the page's data answered 429 or 5xx (or never answered), so the
   * markup shows less than the catalogue holds: never kept, never answered as the page.
   */
  | { kind: 'page'; status: number; html: string; dataFailed: boolean };

/** The render a data call belongs to: whose page it is, and whether any of its calls failed. */
interface RenderScope {
  clientIp: string;
  dataFailed: boolean;
}

/**
 * The header the renderer's own data calls carry, with a value made at start that never leaves
 * the process (it is not in any answer, and the logs redact it).
 */
export const RENDER_CALL_HEADER = 'x-nexbyte-render-call';
const renderCallToken = Buffer.from(randomBytes(32).toString('hex'));

/**
 * Whether a request is one the server makes to its own API while rendering a page. The request
 * limits let it through: the page request that caused it was counted already, and a shopper who
 * spent their own limit must not make the page everyone is served show an empty shop.
 */
export function isRenderCall(request: FastifyRequest): boolean {
  const value = request.headers[RENDER_CALL_HEADER];
  if (typeof value !== 'string' || value.length !== renderCallToken.length) return false;
  return timingSafeEqual(Buffer.from(value), renderCallToken);
}

/** An answer the page's data cannot be drawn from: the client's limit, or the server failing. */
const failedAnswer = (status: number) => status === 429 || status >= 500;

/**
 * Loads the server build of the web app and hands it an in-process path to the API: its data
 * calls go through app.inject (the same routes and catalogue cache as the browser's), logged with
 * the address of the shopper who asked for the page but outside the request limits (isRenderCall).
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  root: string,
): Promise<PageRenderer | null> {
  const entryPath = path.join(root, ENTRY);
  const manifestPath = path.join(root, MANIFEST);
  if (!existsSync(entryPath) || !existsSync(manifestPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const client = new AsyncLocalStorage<RenderScope>();
  const styles = new Map<string, string | null>();

  /**
   * A stylesheet's text to write into the page, so the first paint waits for no CSS request
   * (a few KB each; the CSP allows inline styles). Null when it cannot sit in a <style>.
   * A disabled link to the same file follows it: it is never fetched, but the browser's loader of
   * a screen (Vite's) looks for a stylesheet link before running the screen, and without one it
   * would fetch the CSS the page already holds and hold back hydration until it arrived.
   */
  function styleText(file: string): string | null {
    if (!styles.has(file)) {
      const full = path.join(root, file);
      const text = full.startsWith(root) && existsSync(full) ? readFileSync(full, 'utf8') : null;
      styles.set(file, text !== null && !/<\/style/i.test(text) ? text : null);
    }
    return styles.get(file) ?? null;
  }
  const styleOrLink = (file: string) => {
    const text = styleText(file);
    return text === null
      ? `<link rel="stylesheet" crossorigin href="/${file}">`
      : `<style data-href="/${file}">${text}</style>` +
          `<link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  };

  entry.setApiTransport(async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    headers[RENDER_CALL_HEADER] = renderCallToken.toString();
    const scope = client.getStore();
    let answer: Awaited<ReturnType<typeof app.inject>>;
    try {
      answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers,
        remoteAddress: scope?.clientIp ?? '127.0.0.1',
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
    } catch (error) {
      if (scope) scope.dataFailed = true;
      throw error;
    }
    if (scope && failedAnswer(answer.statusCode)) scope.dataFailed = true;
    const out = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) out.append(name, String(item));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: out,
    });
  });

  const origin = 'http://nexbyte.local';
  return {
    async render(url, clientIp, template) {
      const scope: RenderScope = { clientIp, dataFailed: false };
      const result = await client.run(scope, () =>
        entry.render(new Request(new URL(url, origin)), app.config.publicUrl),
      );
      if (result.kind === 'redirect') return result;
      // Files the shell already links (the entry and what it imports) are not linked twice.
      const seen = new Set<string>(['index.html']);
      const links: string[] = [];
      // The app the entry starts (its dynamic import), then the screens shown: their CSS goes into
      // the page; their code is listed for the entry, which asks for it all at once after the
      // first paint, so on a phone it does not compete with the page and its main picture.
      const keys = [
        ...(manifest['index.html']?.dynamicImports ?? []),
        ...result.modules.map((module) => `src/app/${module}.tsx`),
      ];
      const code: string[] = [];
      for (const key of keys) {
        const { css, js } = assetsOf(manifest, key, seen);
        for (const file of css) links.push(styleOrLink(file));
        code.push(
          ...js.filter((file) => !template.includes(`/${file}"`)).map((file) => `/${file}`),
        );
      }
      const data =
        `<script type="application/json" id="${ROUTER_ID}">${scriptJson(result.router)}</script>` +
        `<script type="application/json" id="${QUERIES_ID}">${scriptJson(result.queries)}</script>` +
        `<script type="application/json" id="${MODULES_ID}">${scriptJson(code)}</script>`;
      const html = template
        .replace(ENTRY_STYLESHEET, (_link, file: string) => styleOrLink(file))
        .replace(TEMPLATE_HEAD, () => result.head)
        .replace(TEMPLATE_DESCRIPTION, '')
        .replace('</head>', () => `${links.join('')}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${result.html}</div>${data}`);
      return { kind: 'page', status: result.status, html, dataFailed: scope.dataFailed };
    },
  };
}

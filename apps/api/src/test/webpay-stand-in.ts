// A stand-in for Transbank's Webpay Plus REST API (v1.2) on loopback, for tests and browser tests:
// the paths, headers and JSON that transbank-sdk 6 uses, plus Webpay's payment form. Nothing here
// reaches the internet.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// transbank-sdk is CommonJS: Node's ESM loader sees only its default export.
import transbank from 'transbank-sdk';

/** What the buyer does on Webpay's form (or how Webpay behaves) for a transaction. */
export type WebpayOutcome = 'authorized' | 'rejected' | 'aborted' | 'timeout' | 'amountMismatch';
/** How Webpay answers a refund: a reversal, a nullification, or a refusal. */
export type RefundOutcome = 'REVERSED' | 'NULLIFIED' | 'rejected';

export interface WebpayCall {
  kind: 'create' | 'commit' | 'status' | 'refund' | 'form';
  method: string;
  token: string | null;
  body: unknown;
}

export interface StandInTransaction {
  token: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  committed: boolean;
  /** What the commit found (the buyer's choice then); later knobs do not change the past. */
  committedAs: WebpayOutcome | null;
  refunded: number;
}

export interface WebpayStandIn {
  /** Base URL for WEBPAY_API_URL (http://127.0.0.1:port). */
  url: string;
  close(): Promise<void>;
  /** The outcome of one transaction, or of every one without its own ('*'). */
  setOutcome(token: string, outcome: WebpayOutcome): void;
  /** Forgets an outcome set before (a token, or '*'). */
  clearOutcome(token: string): void;
  setRefund(token: string, outcome: RefundOutcome): void;
  /** How long every create call waits before it answers (0: at once), like a slow Transbank. */
  setCreateDelay(ms: number): void;
  /**
   * Holds every create call from now on until the function returned is called: a test can do
   * other things while a checkout waits for Webpay, and then let it go.
   */
  holdCreates(): () => void;
  /** Every create call is refused (HTTP 500) while on, like a Transbank that is down. */
  refuseCreates(on: boolean): void;
  calls: WebpayCall[];
  transactions: Map<string, StandInTransaction>;
}

export interface StandInOptions {
  port?: number;
  commerceCode?: string;
  apiKey?: string;
  /** How long a 'timeout' answer waits: beyond the client's time-out, and bounded (30 s at most). */
  delayMs?: number;
  /** How long every create call waits before it answers, timeout or not (30 s at most). */
  createDelayMs?: number;
}

const API = '/rswebpaytransaction/api/webpay/v1.2/transactions';
const FORM = '/webpayserver/initTransaction';
const DECIDE = '/webpayserver/decide';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hiddenForm(action: string, fields: Record<string, string>, label: string, auto = false) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}"${auto ? ' id="volver"' : ''}>${inputs}<button type="submit">${escapeHtml(label)}</button></form>`;
}

function page(title: string, body: string, script = '') {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main>${script}</body></html>`;
}

export async function startWebpayStandIn(options: StandInOptions = {}): Promise<WebpayStandIn> {
  const commerceCode = options.commerceCode ?? transbank.IntegrationCommerceCodes.WEBPAY_PLUS;
  const apiKey = options.apiKey ?? transbank.IntegrationApiKeys.WEBPAY;
  const delayMs = Math.min(options.delayMs ?? 1_500, 30_000);
  let createDelayMs = Math.min(options.createDelayMs ?? 0, 30_000);
  /** While set, create calls wait for it (holdCreates). */
  let createGate: Promise<void> | null = null;
  let createsRefused = false;
  const releases = new Set<() => void>();
  const outcomes = new Map<string, WebpayOutcome>();
  const refunds = new Map<string, RefundOutcome>();
  const transactions = new Map<string, StandInTransaction>();
  const calls: WebpayCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let base = '';

  const outcomeOf = (token: string | null): WebpayOutcome | null =>
    (token ? outcomes.get(token) : undefined) ?? outcomes.get('*') ?? null;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const json = (res: ServerResponse, status: number, body: unknown, delayed = false) => {
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (delayed) later(delayMs, send);
    else send();
  };

  /** The transaction as Webpay's commit and status describe it. */
  function describe(tx: StandInTransaction, outcome: WebpayOutcome | null) {
    const common = {
      vci: 'TSY',
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: { card_number: '6623' },
      accounting_date: '1125',
      transaction_date: new Date().toISOString(),
      installments_number: 0,
    };
    if (outcome === 'rejected') {
      return {
        ...common,
        amount: tx.amount,
        status: 'FAILED',
        authorization_code: '000000',
        payment_type_code: 'VD',
        response_code: -1,
      };
    }
    if (outcome === null || outcome === 'aborted') {
      return {
        amount: tx.amount,
        status: 'INITIALIZED',
        buy_order: tx.buyOrder,
        session_id: tx.sessionId,
      };
    }
    const status =
      tx.refunded > 0
        ? tx.refunded >= tx.amount
          ? 'REVERSED'
          : 'PARTIALLY_NULLIFIED'
        : 'AUTHORIZED';
    return {
      ...common,
      amount: outcome === 'amountMismatch' ? tx.amount + 1_000 : tx.amount,
      status,
      authorization_code: '1213',
      payment_type_code: 'VN',
      response_code: 0,
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    if (
      req.headers['tbk-api-key-id'] !== commerceCode ||
      req.headers['tbk-api-key-secret'] !== apiKey
    ) {
      return json(res, 401, { error_message: 'Not Authorized' });
    }
    const raw = await readBody(req);
    const body: Record<string, unknown> = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const rest = path.slice(API.length).split('/').filter(Boolean);
    const token = rest[0] ?? null;
    if (req.method === 'POST' && !token) {
      calls.push({ kind: 'create', method: 'POST', token: null, body });
      if (createsRefused) return json(res, 500, { error_message: 'Service unavailable' });
      const created: StandInTransaction = {
        token: randomBytes(32).toString('hex'),
        buyOrder: String(body.buy_order),
        sessionId: String(body.session_id),
        amount: Number(body.amount),
        returnUrl: String(body.return_url),
        committed: false,
        committedAs: null,
        refunded: 0,
      };
      transactions.set(created.token, created);
      if (createGate) await createGate;
      if (createDelayMs > 0) await new Promise<void>((resolve) => later(createDelayMs, resolve));
      return json(
        res,
        200,
        { token: created.token, url: `${base}${FORM}` },
        outcomeOf(null) === 'timeout',
      );
    }
    const tx = token ? transactions.get(token) : undefined;
    const kind = req.method === 'PUT' ? 'commit' : req.method === 'GET' ? 'status' : 'refund';
    calls.push({ kind, method: req.method ?? '', token, body });
    if (!tx) return json(res, 404, { error_message: 'Transaction not found' });
    const outcome = outcomeOf(token);
    const delayed = outcome === 'timeout';
    const effective = tx.committedAs ?? (outcome === 'timeout' ? 'authorized' : outcome);
    if (kind === 'commit') {
      if (tx.committed) {
        return json(
          res,
          422,
          { error_message: 'Invalid status 2 for transaction while authorizing' },
          delayed,
        );
      }
      if (effective === null || effective === 'aborted') {
        return json(
          res,
          422,
          { error_message: 'Transaction has an invalid finished flow' },
          delayed,
        );
      }
      tx.committed = true;
      tx.committedAs = effective;
      return json(res, 200, describe(tx, effective), delayed);
    }
    if (kind === 'status') return json(res, 200, describe(tx, effective), delayed);
    if (rest[1] !== 'refunds') return json(res, 404, { error_message: 'Not found' });
    const refund = refunds.get(tx.token) ?? refunds.get('*') ?? null;
    const amount = Number(body.amount);
    const described = describe(tx, effective);
    if (refund === 'rejected' || described.status !== 'AUTHORIZED' || !(amount > 0)) {
      return json(res, 422, { error_message: 'Invalid status for refund' }, delayed);
    }
    tx.refunded += amount;
    if ((refund ?? (amount >= tx.amount ? 'REVERSED' : 'NULLIFIED')) === 'REVERSED') {
      return json(res, 200, { type: 'REVERSED' }, delayed);
    }
    return json(
      res,
      200,
      {
        type: 'NULLIFIED',
        authorization_code: '654321',
        authorization_date: new Date().toISOString(),
        nullified_amount: amount,
        balance: Math.max(0, tx.amount - tx.refunded),
        response_code: 0,
      },
      delayed,
    );
  }

  /** Webpay's payment page: pay, reject, or cancel, each going back to the shop's return URL. */
  async function form(req: IncomingMessage, res: ServerResponse, path: string) {
    const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const token = fields.token_ws ?? '';
    const tx = transactions.get(token);
    const html = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text);
    calls.push({ kind: 'form', method: 'POST', token: token || null, body: fields });
    if (!tx) return html(404, page('Transacción no encontrada', '<p>El token no existe.</p>'));
    if (path === FORM) {
      const choice = (label: string, decision: string) =>
        hiddenForm(`${base}${DECIDE}`, { token_ws: token, decision }, label);
      return html(
        200,
        page(
          'Webpay (simulado)',
          `<p>Pago de $${tx.amount} para la orden ${escapeHtml(tx.buyOrder)}.</p>${choice('Pagar', 'pagar')}${choice('Rechazar', 'rechazar')}${choice('Anular compra', 'anular')}`,
        ),
      );
    }
    const decision = fields.decision;
    if (decision === 'anular') {
      outcomes.set(token, 'aborted');
      const back = { TBK_TOKEN: token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId };
      return html(
        200,
        page(
          'Volviendo al comercio',
          hiddenForm(tx.returnUrl, back, 'Volver al comercio', true),
          AUTO_SUBMIT,
        ),
      );
    }
    outcomes.set(token, decision === 'rechazar' ? 'rejected' : 'authorized');
    return html(
      200,
      page(
        'Volviendo al comercio',
        hiddenForm(tx.returnUrl, { token_ws: token }, 'Volver al comercio', true),
        AUTO_SUBMIT,
      ),
    );
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const handle = path.startsWith(API)
      ? api(req, res, path)
      : req.method === 'POST' && (path === FORM || path === DECIDE)
        ? form(req, res, path)
        : Promise.resolve(void res.writeHead(404).end());
    handle.catch((err: unknown) => {
      console.error('webpay stand-in:', err);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    calls,
    transactions,
    setOutcome: (token, outcome) => void outcomes.set(token, outcome),
    clearOutcome: (token) => void outcomes.delete(token),
    setRefund: (token, outcome) => void refunds.set(token, outcome),
    setCreateDelay: (ms) => {
      createDelayMs = Math.min(Math.max(0, ms), 30_000);
    },
    refuseCreates: (on) => {
      createsRefused = on;
    },
    holdCreates: () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      createGate = gate;
      const done = () => {
        releases.delete(done);
        if (createGate === gate) createGate = null;
        release();
      };
      releases.add(done);
      return done;
    },
    close: async () => {
      for (const release of [...releases]) release();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends the buyer back on its own, as Webpay does; the button stays for a browser without JS. */
const AUTO_SUBMIT = '<script>document.getElementById("volver").submit()</script>';

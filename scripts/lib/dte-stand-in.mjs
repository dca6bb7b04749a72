// A loopback stand-in for OpenFactura's REST API (decision 030), for API tests, browser tests and
// `npm run bench:invoicing`: POST /v2/dte/document with the `apikey` and `Idempotency-Key` headers
// and the SII's fields, answering { TOKEN, FOLIO, PDF } as the provider does. Folios come from a
// counter per document type; a repeated Idempotency-Key gets the first answer again, whatever
// happened to it on the way back. Modes, changeable at any time: accept, refuse (400 with a
// Spanish message, nothing issued), down (drops every connection), slow (the document is issued
// at once and its answer held `slowMs`: longer than the caller's time-out, it is a lost answer).
// Run alone for browser tests: `PORT=4620 DTE_API_KEY=… node scripts/lib/dte-stand-in.mjs`, the
// shop with DTE_API_URL=http://127.0.0.1:4620; POST /control { "mode": "refuse" } changes its mode.
// It also checks what the SII would: the lines less the discounts make the total, neto + IVA the
// total, and a credit note references a document it issued. Nothing here reaches the internet.
import { randomBytes } from 'node:crypto';
import { findRoute, readBody, runAlone, startStandInServer } from './stand-in-server.mjs';

/** A PDF of a few bytes: enough for the shop to store and serve. */
const pdfOf = (tipo, folio) =>
  Buffer.from(
    `%PDF-1.4\n% documento ${tipo} folio ${folio} (stand-in)\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`,
  );

/** Whether the amounts add up as the SII checks them; a Spanish reason when not. */
function amountsProblem(dte) {
  const totales = dte?.Encabezado?.Totales ?? {};
  const lines = Array.isArray(dte?.Detalle) ? dte.Detalle : [];
  if (lines.length === 0) return 'El documento no tiene detalle.';
  const sum = lines.reduce((acc, l) => acc + Number(l.MontoItem ?? 0), 0);
  const discounts = (Array.isArray(dte?.DscRcgGlobal) ? dte.DscRcgGlobal : []).reduce(
    (acc, d) => acc + (d.TpoMov === 'D' ? Number(d.ValorDR) : -Number(d.ValorDR)),
    0,
  );
  for (const l of lines) {
    if (Math.round(Number(l.QtyItem) * Number(l.PrcItem)) !== Number(l.MontoItem)) {
      return `El monto de la línea ${l.NroLinDet} no es cantidad por precio.`;
    }
  }
  if (sum - discounts !== Number(totales.MntTotal)) {
    return `El monto total (${totales.MntTotal}) no cuadra con el detalle (${sum - discounts}).`;
  }
  if (
    Number(totales.MntNeto ?? 0) + Number(totales.IVA ?? 0) + Number(totales.MntExe ?? 0) !==
    Number(totales.MntTotal)
  ) {
    return 'El neto más el IVA no es el monto total.';
  }
  return null;
}

/** Starts the stand-in on a free loopback port (or `port`). */
export async function startDteStandIn({
  mode = 'accept',
  slowMs = 3_000,
  apiKey = null,
  port = 0,
} = {}) {
  const folios = new Map();
  /** Idempotency-Key → { status, body } of the first answer that issued something. */
  const byKey = new Map();
  /** TOKEN → the issued document. */
  const byToken = new Map();
  const standIn = {
    url: '',
    mode,
    slowMs,
    refuseMessage: 'Rechazado por el SII: RUT del receptor no válido.',
    /** Every document issued, in order: { token, folio, tipo, key, total, referencia }. */
    issued: [],
    /** Every call: { method, path, key, status }. */
    calls: [],
    /** POSTs answered with a document already issued for their key. */
    replays: 0,
    close: async () => {},
  };

  /** Sends a JSON answer, `delay` ms later if asked (the server below is listening by then). */
  const answer = (res, status, body, delay = 0) => server.answer(res, status, body, delay);
  const error = (code, message) => ({ error: { code, message, details: [] } });

  async function issue(req, res, key) {
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return answer(res, 400, error('OF-01', 'El cuerpo no es JSON.'));
    }
    if (key && byKey.has(key)) {
      standIn.replays++;
      const first = byKey.get(key);
      return answer(res, first.status, first.body, standIn.mode === 'slow' ? standIn.slowMs : 0);
    }
    if (standIn.mode === 'refuse') return answer(res, 400, error('OF-08', standIn.refuseMessage));
    const dte = body?.dte;
    const tipo = Number(dte?.Encabezado?.IdDoc?.TipoDTE);
    if (![33, 39, 61].includes(tipo)) {
      return answer(res, 400, error('OF-02', `Tipo de documento no soportado: ${tipo}.`));
    }
    const problem = amountsProblem(dte);
    if (problem) return answer(res, 400, error('OF-09', problem));
    const ref = Array.isArray(dte.Referencia) ? dte.Referencia[0] : null;
    if (tipo === 61) {
      const known =
        ref &&
        standIn.issued.some(
          (d) => d.tipo === Number(ref.TpoDocRef) && d.folio === Number(ref.FolioRef),
        );
      if (!known)
        return answer(
          res,
          400,
          error('OF-11', 'La nota de crédito referencia un documento que no existe.'),
        );
    }
    const folio = (folios.get(tipo) ?? 0) + 1;
    folios.set(tipo, folio);
    const token = randomBytes(12).toString('hex');
    const doc = {
      token,
      folio,
      tipo,
      key,
      total: Number(dte.Encabezado.Totales.MntTotal),
      referencia: ref ? { tipo: Number(ref.TpoDocRef), folio: Number(ref.FolioRef) } : null,
    };
    standIn.issued.push(doc);
    byToken.set(token, doc);
    const wanted = Array.isArray(body.response) ? body.response : [];
    const result = {
      TOKEN: token,
      FOLIO: folio,
      ...(wanted.includes('PDF') ? { PDF: pdfOf(tipo, folio).toString('base64') } : {}),
    };
    if (key) byKey.set(key, { status: 200, body: result });
    answer(res, 200, result, standIn.mode === 'slow' ? standIn.slowMs : 0);
  }

  function status(res, token) {
    const doc = byToken.get(token);
    if (!doc) return answer(res, 404, error('OF-04', 'Documento no encontrado.'));
    return answer(res, 200, {
      TOKEN: doc.token,
      FOLIO: doc.folio,
      TipoDTE: doc.tipo,
      estado: 'ACEPTADO',
    });
  }

  const routes = [
    [
      'POST',
      '/v2/dte/document',
      ({ req, res, key, record }) => {
        record('issue');
        return issue(req, res, key);
      },
    ],
    [
      'GET',
      /^\/v2\/dte\/document\/([a-f0-9]+)\/status$/,
      ({ res, match, record }) => {
        record('status');
        return status(res, match[1]);
      },
    ],
  ];

  const server = await startStandInServer({
    port,
    down: () => standIn.mode === 'down',
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      const key = req.headers['idempotency-key'] ?? null;
      const record = (status) => standIn.calls.push({ method: req.method, path, key, status });
      // For a browser test that runs the stand-in as a process: { "mode": "refuse" }, and so on.
      if (req.method === 'POST' && path === '/control') {
        const body = JSON.parse((await readBody(req)) || '{}');
        if (body.mode) standIn.mode = body.mode;
        if (body.refuseMessage) standIn.refuseMessage = body.refuseMessage;
        return answer(res, 200, { mode: standIn.mode, issued: standIn.issued.length });
      }
      if (apiKey && req.headers.apikey !== apiKey) {
        record(401);
        return answer(res, 401, error('OF-00', 'apikey inválida.'));
      }
      const found = findRoute(routes, req.method, path);
      if (found) return found.handler({ req, res, key, record, match: found.match });
      record(404);
      answer(res, 404, error('OF-04', 'Recurso no encontrado.'));
    },
  });
  standIn.url = server.url;
  standIn.close = server.close;
  return standIn;
}

/** How many documents, distinct folios per type and duplicates (a key issued twice). */
export function documentCounts(issued) {
  const folios = new Set(issued.map((d) => `${d.tipo}-${d.folio}`));
  const keys = new Map();
  for (const d of issued) if (d.key) keys.set(d.key, (keys.get(d.key) ?? 0) + 1);
  const duplicates = [...keys.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
  return { documents: issued.length, distinctFolios: folios.size, duplicates };
}

await runAlone(import.meta.url, () =>
  startDteStandIn({
    port: Number(process.env.PORT ?? 0),
    apiKey: process.env.DTE_API_KEY || null,
  }),
);

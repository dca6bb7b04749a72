// A loopback stand-in for Chilexpress's developer APIs (decision 036), for API tests, browser tests
// and `npm run bench:shipping-quote`: coverage areas per región, courier rates, transport orders
// with a PDF label, and tracking. It answers what the shop reads of the real API ({ data,
// statusCode: 0 }; coverage areas with their ineCountyCode), prices by weight (the larger of the
// real and the volumetric, 250 kg/m³) and by whether the parcel leaves its región, refuses a
// destination whose street has no name or whose number is not an integer, and keeps every
// transport order it made with its address, so a test can count and read them. Modes, changeable at any time: accept; refuse (400 with a Spanish statusDescription);
// silent (reads the request and never answers); down (drops every connection). `delayMs` holds
// every answer that long. Run alone for browser tests:
// `PORT=4630 node --import tsx scripts/lib/carrier-stand-in.mjs` (the shop's CARRIER_API_URL
// http://127.0.0.1:4630); POST /control { "mode": "silent" } or { "deliver": "<OT>" } drives it.
// Nothing here reaches the internet.
import { findRoute, readBody, runAlone, startStandInServer } from './stand-in-server.mjs';

/** A PDF of a few bytes: enough for the shop to store, serve and open. */
const labelOf = (number) =>
  Buffer.from(
    `%PDF-1.4\n% etiqueta Chilexpress OT ${number} (stand-in)\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`,
  );

/**
 * County codes the way the carrier writes them: four letters, unique. An area is a coverage name,
 * or { name, ineCountyCode } to answer the comuna's official code (CUT) as the real API does.
 */
function countyCodes(areas) {
  const used = new Set();
  const byRegion = new Map();
  for (const [region, list] of Object.entries(areas)) {
    byRegion.set(
      region,
      list.map((area) => {
        const { name, ineCountyCode = null } = typeof area === 'string' ? { name: area } : area;
        const letters = name.replace(/[^A-Z]/g, '').padEnd(4, 'X');
        let code = letters.slice(0, 4);
        for (let i = 2; used.has(code); i++) code = `${letters.slice(0, 3)}${i}`;
        used.add(code);
        return {
          countyCode: code,
          countyName: name,
          regionCode: region,
          coverageName: name,
          ...(ineCountyCode === null ? {} : { ineCountyCode }),
        };
      }),
    );
  }
  return byRegion;
}

/**
 * What the real API refuses in a destination address: a street without a name, or a number that is
 * not a whole number (the shop sends 0 for 'sin número'). Null when it is fine.
 */
function addressProblem(address) {
  if (typeof address.streetName !== 'string' || address.streetName.trim() === '') {
    return 'El nombre de la calle es obligatorio.';
  }
  if (!Number.isInteger(address.streetNumber) || address.streetNumber < 0) {
    return 'El número de la calle debe ser un entero.';
  }
  if (address.supplement !== undefined && typeof address.supplement !== 'string') {
    return 'El complemento de la dirección debe ser texto.';
  }
  return null;
}

/**
 * Starts the stand-in on a free loopback port (or `port`). `areas`: each región code's coverage
 * areas, names or { name, ineCountyCode } (the shop's table gives them: coverageAreasOf() in
 * modules/shipping/coverage.ts).
 */
export async function startCarrierStandIn({
  areas = {},
  mode = 'accept',
  delayMs = 0,
  apiKey = null,
  port = 0,
} = {}) {
  const regions = countyCodes(areas);
  const regionOf = new Map([...regions.values()].flat().map((a) => [a.countyCode, a.regionCode]));
  let next = 990_000_001;
  const standIn = {
    url: '',
    mode,
    delayMs,
    refuseMessage: 'Servicio no disponible para el destino.',
    /**
     * Every transport order made, in order: { number, reference, service, county, address, parcel }.
     */
    orders: [],
    /** Events told by tracking, per transport order number. */
    events: new Map(),
    /** Every call: { method, path }. */
    calls: [],
    /** Adds a tracking event to a transport order ('Entregado' delivers it). */
    advance(number, description, office = 'CD Santiago') {
      const list = standIn.events.get(String(number));
      if (!list) throw new Error(`OT desconocida: ${number}`);
      const now = new Date(Date.now() - 3 * 3_600_000).toISOString();
      list.push({
        eventDate: now.slice(0, 10),
        eventHour: now.slice(11, 16),
        description,
        office,
      });
    },
    close: async () => {},
  };

  const ok = (data) => ({
    data,
    statusCode: 0,
    statusDescription: 'Se ha procesado exitosamente',
    errors: null,
  });
  const refused = (message) => ({
    data: null,
    statusCode: -1,
    statusDescription: message,
    errors: [message],
  });

  function rates(body) {
    const origin = regionOf.get(body?.originCountyCode);
    const destination = regionOf.get(body?.destinationCountyCode);
    if (!origin || !destination) return [400, refused('Comuna de origen o destino sin cobertura.')];
    const p = body.package ?? {};
    const volumetric = (Number(p.length) * Number(p.width) * Number(p.height)) / 4000;
    const kg = Math.max(Number(p.weight) || 0, volumetric || 0, 0.5);
    const far = origin !== destination;
    const extreme = ['R11', 'R12', 'R15', 'R1'].includes(destination);
    const base = 3_490 + Math.ceil(kg) * 500 + (far ? 1_000 : 0) + (extreme ? 4_000 : 0);
    const round = (n) => Math.round(n / 10) * 10;
    return [
      200,
      ok({
        courierServiceOptions: [
          {
            serviceTypeCode: 3,
            serviceDescription: 'DIA HABIL SIGUIENTE',
            serviceValue: String(round(base * 1.4)),
            deliveryTime: extreme ? 2 : 1,
            finalWeight: String(kg),
          },
          {
            serviceTypeCode: 4,
            serviceDescription: 'SEGUNDO DIA HABIL',
            serviceValue: String(round(base)),
            deliveryTime: extreme ? 4 : 2,
            finalWeight: String(kg),
          },
        ],
      }),
    ];
  }

  function transportOrder(body) {
    const detail = body?.details?.[0];
    const pkg = detail?.packages?.[0];
    const address = detail?.addresses?.[0];
    if (!pkg || !address || !regionOf.has(address.countyCoverageCode)) {
      return [400, refused('Dirección de destino sin cobertura.')];
    }
    const problem = addressProblem(address);
    if (problem) return [400, refused(problem)];
    const number = String(next++);
    standIn.orders.push({
      number,
      reference: pkg.deliveryReference,
      service: String(pkg.serviceDeliveryCode),
      county: address.countyCoverageCode,
      address: {
        streetName: address.streetName,
        streetNumber: address.streetNumber,
        supplement: address.supplement ?? '',
      },
      parcel: { weight: pkg.weight, length: pkg.length, width: pkg.width, height: pkg.height },
    });
    standIn.events.set(number, []);
    standIn.advance(number, 'Orden de transporte creada', 'Nexbyte');
    return [
      200,
      ok({
        header: { certificateNumber: next, countOfGeneratedOrders: 1 },
        detail: [
          {
            transportOrderNumber: Number(number),
            reference: pkg.deliveryReference,
            productDescription: 'ENCOMIENDA',
            serviceDescription:
              pkg.serviceDeliveryCode === '4' ? 'SEGUNDO DIA HABIL' : 'DIA HABIL SIGUIENTE',
            label: { labelData: labelOf(number).toString('base64'), labelType: 2 },
            statusCode: 0,
            statusDescription: 'OK',
          },
        ],
      }),
    ];
  }

  function tracking(body) {
    const number = String(body?.transportOrderNumber ?? '');
    const events = standIn.events.get(number);
    if (!events) return [404, refused('Orden de transporte no encontrada.')];
    const last = events.at(-1);
    return [
      200,
      ok({
        transportOrderData: {
          transportOrderNumber: Number(number),
          status: last.description,
          statusDescription: last.description,
        },
        trackingEvents: events,
      }),
    ];
  }

  const routes = [
    [
      'GET',
      '/georeference/api/v1.0/coverage-areas',
      (_body, url) => [
        200,
        ok({ coverageAreas: regions.get(url.searchParams.get('RegionCode') ?? '') ?? [] }),
      ],
    ],
    ['POST', '/rating/api/v1.0/rates/courier', rates],
    ['POST', '/transport-orders/api/v1.0/transport-orders', transportOrder],
    ['POST', '/transport-orders/api/v1.0/tracking', tracking],
  ];

  const server = await startStandInServer({
    port,
    down: () => standIn.mode === 'down',
    async handle(req, res, send) {
      const answer = (status, body) => send(res, status, body, standIn.delayMs);
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      const raw = await readBody(req);
      // For a browser test or a benchmark that runs the stand-in as a process.
      if (req.method === 'POST' && path === '/control') {
        const body = JSON.parse(raw || '{}');
        if (body.mode) standIn.mode = body.mode;
        if (body.delayMs !== undefined) standIn.delayMs = Number(body.delayMs);
        if (body.deliver) standIn.advance(body.deliver, 'Entregado');
        if (body.advance) standIn.advance(body.advance, body.description ?? 'En reparto');
        return send(res, 200, { mode: standIn.mode, orders: standIn.orders });
      }
      standIn.calls.push({ method: req.method, path });
      if (standIn.mode === 'silent') return;
      if (apiKey && req.headers['ocp-apim-subscription-key'] !== apiKey) {
        return answer(401, refused('Access denied due to invalid subscription key.'));
      }
      if (standIn.mode === 'refuse') return answer(400, refused(standIn.refuseMessage));
      let body;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return answer(400, refused('El cuerpo no es JSON.'));
      }
      const found = findRoute(routes, req.method, path);
      const [status, result] = found
        ? found.handler(body, url)
        : [404, refused('Recurso no encontrado.')];
      answer(status, result);
    },
  });
  standIn.url = server.url;
  standIn.close = server.close;
  return standIn;
}

await runAlone(import.meta.url, async () => {
  const { coverageAreasOf } = await import('../../apps/api/src/modules/shipping/coverage.ts');
  return startCarrierStandIn({
    areas: coverageAreasOf(),
    port: Number(process.env.PORT ?? 0),
    delayMs: Number(process.env.DELAY_MS ?? 0),
    apiKey: process.env.CARRIER_API_KEY || null,
  });
});

import { bultoDe, REGIONES } from '@nexbyte/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCarrierStandIn,
  type CarrierStandIn,
} from '../../../../../scripts/lib/carrier-stand-in.mjs';
import { CarrierError, type Carrier } from './carrier';
import { chilexpressCarrier } from './chilexpress-carrier';
import { coverageAreasOf, coverageKeyOf, REGION_CODES } from './coverage';

const ORIGIN = { region: 'Metropolitana de Santiago', comuna: 'Providencia' };
const VALPARAISO = { region: 'Valparaíso', comuna: 'Valparaíso' };
const parcel = bultoDe(
  [{ qty: 1, medidas: { pesoKg: 1.3, largoCm: 33, anchoCm: 18, altoCm: 8 } }],
  0.3,
);

let standIn: CarrierStandIn;
let carrier: Carrier;
beforeAll(async () => {
  standIn = await startCarrierStandIn({ areas: coverageAreasOf(), apiKey: 'clave-prueba' });
  // Generous: a loaded machine must not turn an answer into a time-out; the time-out has its test.
  carrier = chilexpressCarrier({
    apiUrl: standIn.url,
    apiKey: 'clave-prueba',
    timeoutMs: 2000,
    customerCard: '18578680',
  });
});
afterAll(() => standIn.close());

describe('códigos de cobertura', () => {
  it('cada región de regions.ts tiene su código de región del transportista', () => {
    expect(Object.keys(REGION_CODES).sort()).toEqual(REGIONES.map((r) => r.nombre).sort());
    expect(new Set(Object.values(REGION_CODES)).size).toBe(16);
  });

  it('cada comuna de regions.ts tiene una clave de cobertura única en su región', () => {
    for (const region of REGIONES) {
      const names = region.comunas.map((c) => coverageKeyOf(region.nombre, c)?.name);
      expect(names.every((n) => typeof n === 'string' && /^[A-Z0-9 ()]+$/.test(n))).toBe(true);
      expect(new Set(names).size).toBe(region.comunas.length);
    }
    expect(coverageKeyOf('Metropolitana de Santiago', 'Ñuñoa')).toEqual({
      regionCode: 'RM',
      cut: 13120,
      name: 'NUNOA',
    });
    expect(coverageKeyOf('Valparaíso', 'Ñuñoa')).toBeNull();
  });

  it('el cliente resuelve el código del transportista de cada una de las 346 comunas', async () => {
    const comunas = REGIONES.flatMap((r) =>
      r.comunas.map((comuna) => ({ region: r.nombre, comuna })),
    );
    expect(comunas).toHaveLength(346);
    const rated = [];
    for (const destination of comunas) {
      rated.push(
        await carrier.rate({ origin: ORIGIN, destination, parcel, declaredValue: 10_000 }),
      );
    }
    const codes = rated.map((services) => services[0]!.coverage);
    expect(codes.every((c) => /^[A-Z0-9]{4,5}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(346);
  });
});

describe('áreas de cobertura por código oficial (ineCountyCode)', () => {
  /** A carrier against a stand-in whose región R5 lists just these areas. */
  async function carrierWith(areas: Parameters<typeof startCarrierStandIn>[0]) {
    const own = await startCarrierStandIn(areas);
    const client = chilexpressCarrier({
      apiUrl: own.url,
      apiKey: '',
      timeoutMs: 1000,
      customerCard: '18578680',
    });
    const county = (comuna: string) =>
      client
        .rate({
          origin: { region: 'Valparaíso', comuna: 'Viña del Mar' },
          destination: { region: 'Valparaíso', comuna },
          parcel,
          declaredValue: 1,
        })
        .then(
          (services) => services[0]!.coverage,
          (err: unknown) => (err instanceof CarrierError ? err.reason : String(err)),
        );
    return { own, county };
  }

  it('el código oficial manda sobre el nombre, y el nombre queda para un área sin código', async () => {
    const { own, county } = await carrierWith({
      areas: {
        R5: [
          // The carrier renamed the comuna: found by its code all the same.
          { name: 'VALPARAISO PUERTO', ineCountyCode: '05101' },
          // An area under the shop's name but another comuna's code is not Valparaíso.
          { name: 'VALPARAISO', ineCountyCode: 5999 },
          { name: 'VINA DEL MAR', ineCountyCode: 5109 },
          // No code: the name decides.
          'QUILPUE',
        ],
      },
    });
    try {
      // 'VALPARAISO PUERTO' is VALP; the name alone would have chosen 'VALPARAISO' (VAL2).
      expect(await county('Valparaíso')).toBe('VALP');
      expect(await county('Quilpué')).toBe('QUIL');
      expect(await county('Concón')).toBe('no_coverage');
    } finally {
      await own.close();
    }
  });
});

describe('Chilexpress contra el stand-in', () => {
  it('cotiza los servicios con precio y días hábiles; más peso cuesta más', async () => {
    const light = await carrier.rate({
      origin: ORIGIN,
      destination: VALPARAISO,
      parcel,
      declaredValue: 299_990,
    });
    expect(light.map((s) => s.name)).toEqual(['Día Hábil Siguiente', 'Segundo Día Hábil']);
    expect(light[0]).toMatchObject({ code: '3', businessDays: 1 });
    const heavy = await carrier.rate({
      origin: ORIGIN,
      destination: VALPARAISO,
      parcel: { ...parcel, pesoKg: 12 },
      declaredValue: 299_990,
    });
    expect(heavy[0]!.price).toBeGreaterThan(light[0]!.price);
  });

  it('crea la orden de transporte con su etiqueta PDF, la sigue y dice cuándo se entregó', async () => {
    const created = await carrier.createShipment({
      reference: 'NB-000001',
      serviceCode: '3',
      origin: ORIGIN,
      destination: { ...VALPARAISO, address: 'Av. Brasil 2950' },
      recipient: { name: 'Ana Pérez', phone: '+56912345678', email: 'ana@gmail.com' },
      parcel,
      declaredValue: 299_990,
      content: 'Tarjeta de video',
    });
    expect(created.labelPdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(created.trackingUrl).toContain(created.number);
    expect(standIn.orders.at(-1)).toMatchObject({
      number: created.number,
      reference: 'NB-000001',
      address: { streetName: 'Av. Brasil', streetNumber: 2950, supplement: '' },
    });

    let tracked = await carrier.track(created.number);
    expect(tracked.delivered).toBe(false);
    standIn.advance(created.number, 'En reparto');
    standIn.advance(created.number, 'Entregado');
    tracked = await carrier.track(created.number);
    expect(tracked).toMatchObject({ status: 'Entregado', delivered: true });
    expect(tracked.events.map((e) => e.descripcion)).toEqual([
      'Orden de transporte creada',
      'En reparto',
      'Entregado',
    ]);
  });

  it('el stand-in rechaza una calle sin nombre o un número que no es entero, como el real', async () => {
    const send = async (address: object) => {
      const res = await fetch(`${standIn.url}/transport-orders/api/v1.0/transport-orders`, {
        method: 'POST',
        headers: {
          'ocp-apim-subscription-key': 'clave-prueba',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          header: { customerCardNumber: '18578680', countyOfOriginCoverageCode: 'PROV' },
          details: [
            {
              addresses: [{ countyCoverageCode: 'PROV', supplement: '', ...address }],
              packages: [{ weight: '1', serviceDeliveryCode: '3', deliveryReference: 'X-1' }],
            },
          ],
        }),
      });
      return [res.status, ((await res.json()) as { statusDescription: string }).statusDescription];
    };
    expect(await send({ streetName: '', streetNumber: 12 })).toEqual([
      400,
      'El nombre de la calle es obligatorio.',
    ]);
    expect(await send({ streetName: 'Av. Brasil', streetNumber: '2950' })).toEqual([
      400,
      'El número de la calle debe ser un entero.',
    ]);
    expect(await send({ streetName: 'Av. Brasil', streetNumber: 29.5 })).toEqual([
      400,
      'El número de la calle debe ser un entero.',
    ]);
    expect((await send({ streetName: 'Av. Brasil', streetNumber: 2950 }))[0]).toBe(200);
  });

  it('los errores tienen tipo: rechazo, silencio (timeout), caído, sin cobertura, anular', async () => {
    const request = { origin: ORIGIN, destination: VALPARAISO, parcel, declaredValue: 1 };
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (err: unknown) => (err instanceof CarrierError ? err.reason : String(err)),
      );
    try {
      standIn.mode = 'refuse';
      expect(await reason(carrier.rate(request))).toBe('refused');
      standIn.mode = 'silent';
      const quick = chilexpressCarrier({
        apiUrl: standIn.url,
        apiKey: 'clave-prueba',
        timeoutMs: 300,
        customerCard: '18578680',
      });
      const started = performance.now();
      expect(await reason(quick.rate(request))).toBe('timeout');
      expect(performance.now() - started).toBeLessThan(300 + 200);
      standIn.mode = 'accept';
      expect(
        await reason(
          carrier.rate({ ...request, destination: { region: 'Valparaíso', comuna: 'Atlántida' } }),
        ),
      ).toBe('no_coverage');
      expect(await reason(carrier.cancel('990000001'))).toBe('refused');
      const down = chilexpressCarrier({
        apiUrl: 'http://127.0.0.1:45999',
        apiKey: '',
        timeoutMs: 300,
        customerCard: '',
      });
      expect(await reason(down.rate(request))).toBe('unreachable');
    } finally {
      standIn.mode = 'accept';
    }
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  bultoDe,
  bultoKey,
  CARRIER_MESSAGES,
  chileToday,
  addBusinessDays,
  METODO_ENTREGA_LABELS,
  opcionEnvioTexto,
  type Bulto,
  type LineaBulto,
  type LineaPedidoInput,
  type OpcionEnvio,
  type OpcionesEnvio,
  type OrigenEnvio,
} from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ShippingConfig } from '../../config/shipping';
import type { Db } from '../../db/client';
import { conflict, HttpError } from '../../http-errors';
import { parcelFactsByIds } from '../products/products.service';
import { CarrierError, type Carrier, type ServiceRate } from './carrier';
import { regionRule } from './shipping.repository';

/** A signed option stays good this long: a buyer filling the form keeps the price they saw. */
const QUOTE_TTL_MS = 30 * 60_000;

/** The delivery the buyer accepted, as the order charges and records it. */
export interface AcceptedShipping {
  origen: OrigenEnvio;
  transportista: string | null;
  servicioCodigo: string | null;
  servicioNombre: string | null;
  precio: number;
  llega: string | null;
  cobertura: string | null;
  region: string;
  comuna: string;
  bulto: Bulto;
}

interface Signed {
  o: OrigenEnvio;
  t: string | null;
  s: string | null;
  n: string | null;
  p: number;
  d: string | null;
  v: string | null;
  r: string;
  c: string;
  b: string;
  e: number;
}

/** A cart's box and the value it declares, from the products as they are now. */
export async function parcelOf(
  db: Db,
  items: readonly LineaPedidoInput[],
  boxKg: number,
): Promise<{ bulto: Bulto; declared: number }> {
  const facts = new Map(
    (
      await parcelFactsByIds(
        db,
        items.map((i) => i.productoId),
      )
    ).map((f) => [f.id, f]),
  );
  const lines = items.flatMap((i) => {
    const f = facts.get(i.productoId);
    return f?.activo ? [{ qty: i.qty, medidas: f.medidas, precio: f.precio }] : [];
  });
  return {
    bulto: bultoDe(lines, boxKg),
    declared: lines.reduce((sum, l) => sum + l.precio * l.qty, 0),
  };
}

/**
 * The checkout's shipping options (decision 036): the carrier's services for the comuna and the
 * cart's parcel, each signed with its price, or the región's table when the carrier does not answer
 * within CARRIER_TIMEOUT_MS. Answers are kept per (comuna, parcel) for CARRIER_QUOTE_CACHE_SECONDS.
 */
export class CarrierQuotes {
  private readonly cache = new Map<string, { at: number; rates: Promise<ServiceRate[]> }>();

  constructor(
    readonly carrier: Carrier | null,
    private readonly config: ShippingConfig,
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** With a carrier set up, a home delivery must bring a signed option. */
  get required(): boolean {
    return this.carrier !== null;
  }

  async options(
    db: Db,
    request: { items: LineaPedidoInput[]; region: string; comuna: string },
  ): Promise<OpcionesEnvio> {
    // The time-out counts from the request's arrival: the table is offered within it, whatever
    // the database took before the carrier was asked.
    const deadline = this.carrier ? AbortSignal.timeout(this.config.carrier!.timeoutMs) : null;
    const { bulto, declared } = await parcelOf(db, request.items, this.config.boxKg);
    // Asked while the región's rule is read (one connection on PGlite: one query at a time).
    const pending = this.carrier
      ? this.rates(request.region, request.comuna, bulto, declared, deadline!).then(
          (rates) => ({ rates }),
          (error: unknown) => ({ error }),
        )
      : null;
    const table = await regionRule(db, request.region);
    const today = chileToday();
    const place = { region: request.region, comuna: request.comuna, b: bultoKey(bulto) };
    const tableOption = (): OpcionEnvio => {
      const nombre = METODO_ENTREGA_LABELS.DESPACHO;
      return {
        cotizacion: this.sign({
          o: 'TABLA',
          t: null,
          s: null,
          n: nombre,
          p: table.precio,
          d: null,
          v: null,
          r: place.region,
          c: place.comuna,
          b: place.b,
          e: 0,
        }),
        origen: 'TABLA',
        transportista: null,
        servicio: null,
        nombre,
        precio: table.precio,
        llega: null,
        texto: opcionEnvioTexto(nombre, table.precio, null, today),
      };
    };
    const answer = (origen: OrigenEnvio, opciones: OpcionEnvio[], mensaje: string | null) => ({
      origen,
      opciones,
      bulto,
      envioGratisDesde: table.envioGratisDesde,
      mensaje,
    });
    if (!this.carrier) return answer('TABLA', [tableOption()], null);
    const carrier = this.carrier;
    const outcome = await pending!;
    if ('error' in outcome) {
      const err = outcome.error;
      const reason = err instanceof CarrierError ? err.reason : 'error';
      this.log.warn(
        { motivo: reason, comuna: request.comuna },
        'sin cotización del transportista: tabla de la región',
      );
      return answer('TABLA', [tableOption()], CARRIER_MESSAGES.fallback);
    }
    const { rates } = outcome;
    if (rates.length === 0) return answer('TABLA', [tableOption()], CARRIER_MESSAGES.fallback);
    const opciones = rates.map((rate): OpcionEnvio => {
      const llega = rate.businessDays === null ? null : addBusinessDays(today, rate.businessDays);
      const nombre = `${carrier.name} ${rate.name}`;
      return {
        cotizacion: this.sign({
          o: 'TRANSPORTISTA',
          t: carrier.name,
          s: rate.code,
          n: rate.name,
          p: rate.price,
          d: llega,
          v: rate.coverage,
          r: place.region,
          c: place.comuna,
          b: place.b,
          e: 0,
        }),
        origen: 'TRANSPORTISTA',
        transportista: carrier.name,
        servicio: rate.name,
        nombre,
        precio: rate.price,
        llega,
        texto: opcionEnvioTexto(nombre, rate.price, llega, today),
      };
    });
    return answer('TRANSPORTISTA', opciones, null);
  }

  /** The carrier's services, from the cache or asked now within the time-out. */
  private rates(
    region: string,
    comuna: string,
    bulto: Bulto,
    declared: number,
    deadline: AbortSignal,
  ): Promise<ServiceRate[]> {
    const key = `${region}|${comuna}|${bultoKey(bulto)}`;
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && now - cached.at < this.config.quoteCacheMs) return cached.rates;
    const rates = this.carrier!.rate(
      {
        origin: this.config.origin,
        destination: { region, comuna },
        parcel: bulto,
        declaredValue: declared,
      },
      deadline,
    );
    if (this.config.quoteCacheMs > 0) {
      this.cache.set(key, { at: now, rates });
      rates.catch(() => this.cache.delete(key));
      if (this.cache.size > 5_000) this.cache.delete(this.cache.keys().next().value!);
    }
    return rates;
  }

  private sign(payload: Signed): string {
    const body = Buffer.from(JSON.stringify({ ...payload, e: Date.now() + QUOTE_TTL_MS })).toString(
      'base64url',
    );
    return `${body}.${this.mac(body)}`;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(`envio:${body}`).digest('base64url');
  }

  /**
   * The option the buyer sent back, if it is ours, unexpired, and for this región, comuna (when
   * known) and parcel; a 409 otherwise, so the checkout asks for the options again.
   */
  verify(
    token: string,
    place: { region: string; comuna?: string | undefined; bulto: Bulto },
  ): AcceptedShipping {
    const [body, mac] = token.split('.');
    const expected = body ? Buffer.from(this.mac(body)) : null;
    const given = Buffer.from(mac ?? '');
    if (
      !body ||
      !expected ||
      expected.length !== given.length ||
      !timingSafeEqual(expected, given)
    ) {
      throw conflict(CARRIER_MESSAGES.quoteExpired);
    }
    const s = JSON.parse(Buffer.from(body, 'base64url').toString()) as Signed;
    const matches =
      s.e > Date.now() &&
      s.r === place.region &&
      (place.comuna === undefined || s.c === place.comuna) &&
      s.b === bultoKey(place.bulto);
    if (!matches) throw conflict(CARRIER_MESSAGES.quoteExpired);
    return {
      origen: s.o,
      transportista: s.t,
      servicioCodigo: s.s,
      servicioNombre: s.n,
      precio: s.p,
      llega: s.d,
      cobertura: s.v,
      region: s.r,
      comuna: s.c,
      bulto: place.bulto,
    };
  }

  /** The option of an order or a quote: verified when sent, required for delivery with a carrier. */
  async accepted(
    db: Db,
    request: {
      envioCotizado?: string | undefined;
      region?: string | undefined;
      comuna?: string | undefined;
      items: LineaPedidoInput[];
    },
    forOrder: boolean,
  ): Promise<AcceptedShipping | null> {
    if (!request.region) return null;
    if (!request.envioCotizado) {
      if (forOrder && this.required)
        throw new HttpError(422, CARRIER_MESSAGES.quoteRequired, {
          envioCotizado: CARRIER_MESSAGES.quoteRequired,
        });
      return null;
    }
    const { bulto } = await parcelOf(db, request.items, this.config.boxKg);
    return this.verify(request.envioCotizado, {
      region: request.region,
      comuna: request.comuna,
      bulto,
    });
  }

  /**
   * The parcel of an order that came without an option (no carrier set up): for its record. Its
   * lines are the order's, with the measures read as their stock was taken.
   */
  tableShipping(
    lines: readonly LineaBulto[],
    region: string,
    comuna: string,
    precio: number,
  ): AcceptedShipping {
    const bulto = bultoDe(lines, this.config.boxKg);
    return {
      origen: 'TABLA',
      transportista: null,
      servicioCodigo: null,
      servicioNombre: null,
      precio,
      llega: null,
      cobertura: null,
      region,
      comuna,
      bulto,
    };
  }
}

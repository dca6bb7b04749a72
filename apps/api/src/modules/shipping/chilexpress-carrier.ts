import { direccionTransportista } from '@nexbyte/shared';
import type { CarrierConfig } from '../../config/shipping';
import {
  CarrierError,
  type Carrier,
  type CreatedShipment,
  type Destination,
  type ServiceRate,
  type TrackingAnswer,
} from './carrier';
import { coverageKeyOf } from './coverage';

// Chilexpress's developer APIs (decision 036): one subscription key per product, sent as
// Ocp-Apim-Subscription-Key; the shop uses one key for the four (CARRIER_API_KEY).
const COVERAGE_PATH = '/georeference/api/v1.0/coverage-areas';
const RATES_PATH = '/rating/api/v1.0/rates/courier';
const ORDERS_PATH = '/transport-orders/api/v1.0/transport-orders';
const TRACKING_PATH = '/transport-orders/api/v1.0/tracking';
export const CHILEXPRESS_TRACKING_URL = 'https://centrodeayuda.chilexpress.cl/seguimiento/';

/** A región's coverage areas are asked once a day: they change with the carrier's network. */
const COVERAGE_TTL_MS = 24 * 3_600_000;

interface Envelope<T> {
  data?: T;
  statusCode?: number;
  statusDescription?: string;
  errors?: unknown;
}

interface CoverageArea {
  countyCode: string;
  countyName: string;
  coverageName?: string;
  /** The comuna's official code (CUT), as a number or a string ('13101', '05101'). */
  ineCountyCode?: number | string | null;
}

/** A región's coverage areas, by official code and by name. */
interface Areas {
  byCut: Map<number, string>;
  byName: Map<string, string>;
}

interface CourierOption {
  serviceTypeCode: number | string;
  serviceDescription: string;
  serviceValue: number | string;
  /** Business days, when the carrier tells it (some contracts do not). */
  deliveryTime?: number | string | null;
}

interface TransportOrderDetail {
  transportOrderNumber?: number | string;
  reference?: string;
  label?: { labelData?: string };
  statusCode?: number;
  statusDescription?: string;
}

interface TrackingData {
  transportOrderData?: { status?: string; statusDescription?: string };
  trackingEvents?: {
    eventDate?: string;
    eventHour?: string;
    description?: string;
    office?: string;
  }[];
}

/** The carrier's service names read better in title case: 'DIA HABIL SIGUIENTE' → 'Día Hábil Siguiente'. */
const SERVICE_NAMES: Record<string, string> = {
  'DIA HABIL SIGUIENTE': 'Día Hábil Siguiente',
  PRIORITARIO: 'Día Hábil Siguiente',
  'SEGUNDO DIA HABIL': 'Segundo Día Hábil',
  EXPRESS: 'Express',
  EXTENDIDO: 'Extendido',
};
const serviceName = (text: string) =>
  SERVICE_NAMES[text.trim().toUpperCase()] ??
  text
    .trim()
    .toLowerCase()
    .replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

/** A delivered shipment, in the words Chilexpress's tracking uses. */
const DELIVERED = /^entregad/i;

/**
 * Chilexpress through its published REST APIs (coverage, rating, transport orders, tracking). Every
 * call is bounded by CARRIER_TIMEOUT_MS, or by the caller's signal (the checkout's quote).
 */
export function chilexpressCarrier(config: CarrierConfig): Carrier {
  const coverage = new Map<string, { at: number; areas: Promise<Areas> }>();

  const call = async <T>(path: string, init: RequestInit, signal?: AbortSignal): Promise<T> => {
    let res: Response;
    const timeout = AbortSignal.timeout(config.timeoutMs);
    try {
      res = await fetch(`${config.apiUrl}${path}`, {
        ...init,
        headers: {
          'Ocp-Apim-Subscription-Key': config.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw transportError(err);
    }
    let body: Envelope<T> | null = null;
    try {
      body = (await res.json()) as Envelope<T>;
    } catch (err) {
      if (res.ok) throw transportError(err);
    }
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      throw new CarrierError('unreachable', body?.statusDescription ?? `HTTP ${res.status}`);
    }
    if (!res.ok || !body || (body.statusCode ?? 0) !== 0 || body.data === undefined) {
      throw new CarrierError('refused', body?.statusDescription ?? `HTTP ${res.status}`);
    }
    return body.data;
  };

  /**
   * The carrier's county code of a comuna, from its coverage areas (cached a day per región): the
   * area carrying the comuna's CUT, else the one named as the repository's table says.
   */
  const countyCode = async (place: Destination, signal?: AbortSignal): Promise<string> => {
    const key = coverageKeyOf(place.region, place.comuna);
    if (!key) throw new CarrierError('no_coverage', `${place.comuna} no es una comuna conocida`);
    let cached = coverage.get(key.regionCode);
    if (!cached || Date.now() - cached.at > COVERAGE_TTL_MS) {
      const areas = call<{ coverageAreas?: CoverageArea[] } | CoverageArea[]>(
        `${COVERAGE_PATH}?RegionCode=${encodeURIComponent(key.regionCode)}&type=0`,
        { method: 'GET' },
        signal,
      ).then((data): Areas => {
        const list = Array.isArray(data) ? data : (data.coverageAreas ?? []);
        const byCut = new Map<number, string>();
        for (const a of list) {
          // Missing, null or '' is no code (Number gives NaN or 0).
          const cut = Number(a.ineCountyCode);
          if (Number.isInteger(cut) && cut > 0) byCut.set(cut, a.countyCode);
        }
        const byName = new Map(list.map((a) => [a.countyName.trim().toUpperCase(), a.countyCode]));
        return { byCut, byName };
      });
      cached = { at: Date.now(), areas };
      coverage.set(key.regionCode, cached);
      // A failed look-up is not kept: the next quote asks again.
      areas.catch(() => coverage.delete(key.regionCode));
    }
    const areas = await cached.areas;
    const code = areas.byCut.get(key.cut) ?? areas.byName.get(key.name);
    if (!code) throw new CarrierError('no_coverage', `Chilexpress no cubre ${place.comuna}`);
    return code;
  };

  return {
    name: 'Chilexpress',

    async rate(request, signal): Promise<ServiceRate[]> {
      const [origin, destination] = await Promise.all([
        countyCode(request.origin, signal),
        countyCode(request.destination, signal),
      ]);
      const { parcel } = request;
      const data = await call<{ courierServiceOptions?: CourierOption[] }>(
        RATES_PATH,
        {
          method: 'POST',
          body: JSON.stringify({
            originCountyCode: origin,
            destinationCountyCode: destination,
            package: {
              weight: String(parcel.pesoKg),
              height: String(parcel.altoCm),
              width: String(parcel.anchoCm),
              length: String(parcel.largoCm),
            },
            // 3: encomienda; 1: contenido general.
            productType: 3,
            contentType: 1,
            declaredWorth: String(Math.round(request.declaredValue)),
            deliveryTime: 0,
          }),
        },
        signal,
      );
      return (data.courierServiceOptions ?? []).map((o) => ({
        code: String(o.serviceTypeCode),
        name: serviceName(o.serviceDescription),
        price: Math.round(Number(o.serviceValue)),
        businessDays:
          o.deliveryTime === undefined || o.deliveryTime === null ? null : Number(o.deliveryTime),
        coverage: destination,
      }));
    },

    async createShipment(request): Promise<CreatedShipment> {
      const [origin, destination] = await Promise.all([
        countyCode(request.origin),
        countyCode(request.destination),
      ]);
      const { parcel } = request;
      const street = direccionTransportista(request.destination.address);
      const data = await call<{ detail?: TransportOrderDetail[] }>(ORDERS_PATH, {
        method: 'POST',
        body: JSON.stringify({
          header: {
            customerCardNumber: config.customerCard,
            countyOfOriginCoverageCode: origin,
            // 2: the label as a PDF.
            labelType: 2,
          },
          details: [
            {
              addresses: [
                {
                  addressId: 0,
                  countyCoverageCode: destination,
                  // 'Av. Providencia 1234, depto 501' → street, number, supplement (docs/product.md).
                  streetName: street.streetName,
                  streetNumber: street.streetNumber,
                  supplement: street.supplement,
                  addressType: 'DEST',
                  deliveryOnCommercialOffice: false,
                },
              ],
              contacts: [
                {
                  name: request.recipient.name,
                  phoneNumber: request.recipient.phone ?? '',
                  mail: request.recipient.email,
                  contactType: 'D',
                },
              ],
              packages: [
                {
                  weight: String(parcel.pesoKg),
                  height: String(parcel.altoCm),
                  width: String(parcel.anchoCm),
                  length: String(parcel.largoCm),
                  serviceDeliveryCode: request.serviceCode,
                  productCode: '3',
                  deliveryReference: request.reference,
                  groupReference: request.reference,
                  declaredValue: String(Math.round(request.declaredValue)),
                  declaredContent: request.content.slice(0, 50),
                  receivableAmountInDelivery: 0,
                },
              ],
            },
          ],
        }),
      });
      const detail = data.detail?.[0];
      if (!detail?.transportOrderNumber || !detail.label?.labelData) {
        throw new CarrierError(
          'refused',
          detail?.statusDescription ?? 'respuesta sin orden de transporte',
        );
      }
      const number = String(detail.transportOrderNumber);
      return {
        number,
        labelPdf: Buffer.from(detail.label.labelData, 'base64'),
        trackingUrl: `${CHILEXPRESS_TRACKING_URL}?numero=${encodeURIComponent(number)}`,
      };
    },

    async track(number): Promise<TrackingAnswer> {
      const data = await call<TrackingData>(TRACKING_PATH, {
        method: 'POST',
        body: JSON.stringify({ transportOrderNumber: number, showTrackingEvents: 1 }),
      });
      const events = (data.trackingEvents ?? []).map((e) => ({
        fecha: chileInstant(e.eventDate, e.eventHour),
        descripcion: (e.description ?? '').trim(),
        lugar: e.office?.trim() || null,
      }));
      events.sort((a, b) => a.fecha.localeCompare(b.fecha));
      const status =
        data.transportOrderData?.statusDescription ??
        data.transportOrderData?.status ??
        events.at(-1)?.descripcion ??
        '';
      return {
        status,
        delivered: DELIVERED.test(status) || events.some((e) => DELIVERED.test(e.descripcion)),
        events,
      };
    },

    async cancel(number) {
      // The APIs the shop is built against have no cancellation: the shop's account executive
      // voids a transport order. Said plainly, so the admin does it there.
      throw new CarrierError(
        'refused',
        `Chilexpress no anula órdenes de transporte por API: pide la anulación de la OT ${number} a tu ejecutivo.`,
      );
    },
  };
}

/** '2026-11-30' and '14:05' (Chile's clock) as an instant; a missing hour counts as midday. */
function chileInstant(date: string | undefined, hour: string | undefined): string {
  const day = (date ?? '').slice(0, 10);
  const time = /^\d{2}:\d{2}/.test(hour ?? '') ? hour!.slice(0, 5) : '12:00';
  const local = new Date(`${day}T${time}:00-03:00`);
  return Number.isNaN(local.getTime()) ? new Date().toISOString() : local.toISOString();
}

/** A call that got no answer: timed out or cut (unknown outcome), or never connected. */
function transportError(err: unknown): CarrierError {
  const e = err as { name?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? '';
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return new CarrierError('timeout');
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(code)) {
    return new CarrierError('unreachable');
  }
  return new CarrierError('timeout');
}

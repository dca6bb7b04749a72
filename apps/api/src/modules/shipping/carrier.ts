import type { Bulto } from '@nexbyte/shared';

/** A comuna as the carrier knows it: its coverage code, resolved from the repository's table. */
export interface Destination {
  region: string;
  comuna: string;
}

/** What the shop asks a carrier to rate: from the shop's comuna to the buyer's, one box. */
export interface RateRequest {
  origin: Destination;
  destination: Destination;
  parcel: Bulto;
  /** The goods' value in pesos (the carrier's insurance). */
  declaredValue: number;
}

/** One service the carrier offers for that trip, e.g. 'Día Hábil Siguiente' at $5.490. */
export interface ServiceRate {
  code: string;
  name: string;
  /** Pesos, IVA included, as the carrier charges the shop. */
  price: number;
  /** Business days from handing it over to delivery; null when the carrier does not say. */
  businessDays: number | null;
  /** The carrier's coverage code of the destination, kept with the order. */
  coverage: string;
}

/** A transport order to create: the order's number is its reference (and idempotency key). */
export interface ShipmentRequest {
  reference: string;
  serviceCode: string;
  origin: Destination;
  destination: Destination & { address: string };
  recipient: { name: string; phone: string | null; email: string };
  parcel: Bulto;
  declaredValue: number;
  content: string;
}

export interface CreatedShipment {
  /** The carrier's transport order number (what tracking asks by). */
  number: string;
  /** The label to stick on the box, as a PDF. */
  labelPdf: Buffer;
  /** Where the buyer follows it on the carrier's site. */
  trackingUrl: string;
}

export interface TrackingEvent {
  /** ISO 8601. */
  fecha: string;
  descripcion: string;
  lugar: string | null;
}

export interface TrackingAnswer {
  /** The carrier's own word for where it stands ('En reparto', 'Entregado'). */
  status: string;
  delivered: boolean;
  /** Oldest first. */
  events: TrackingEvent[];
}

/**
 * A carrier that did not answer in time, could not be reached, refused the request, or does not
 * reach the comuna. `timeout` leaves the outcome unknown (a transport order may exist).
 */
export class CarrierError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable' | 'refused' | 'no_coverage',
    /** The carrier's own message (Spanish), for the admin. */
    readonly carrierMessage: string | null = null,
  ) {
    super(`transportista: ${reason}${carrierMessage ? ` (${carrierMessage})` : ''}`);
    this.name = 'CarrierError';
  }
}

/**
 * One carrier (decision 036), as `modules/payments/provider.ts` is one payment provider:
 * Chilexpress implements it; the loopback stand-in answers the same calls in tests.
 */
export interface Carrier {
  /** The carrier's name as the buyer reads it: 'Chilexpress'. */
  readonly name: string;
  rate(request: RateRequest, signal?: AbortSignal): Promise<ServiceRate[]>;
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  track(number: string): Promise<TrackingAnswer>;
  cancel(number: string): Promise<void>;
}

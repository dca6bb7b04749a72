// Types of carrier-stand-in.mjs, for the TypeScript tests.

/** accept; refuse (400 with `refuseMessage`); silent (never answers); down (drops connections). */
export type CarrierMode = 'accept' | 'refuse' | 'silent' | 'down';

export interface StandInTransportOrder {
  number: string;
  reference: string;
  service: string;
  county: string;
  /** The destination's street as the shop sent it. */
  address: { streetName: string; streetNumber: number; supplement: string };
  parcel: { weight: string; length: string; width: string; height: string };
}

export interface CarrierStandIn {
  url: string;
  mode: CarrierMode;
  delayMs: number;
  refuseMessage: string;
  orders: StandInTransportOrder[];
  events: Map<
    string,
    { eventDate: string; eventHour: string; description: string; office: string }[]
  >;
  calls: { method: string; path: string }[];
  advance(number: string, description: string, office?: string): void;
  close(): Promise<void>;
}

/** A coverage area: its name, or its name and the comuna's official code (CUT). */
export type StandInArea = string | { name: string; ineCountyCode: number | string };

export function startCarrierStandIn(options?: {
  areas?: Record<string, StandInArea[]>;
  mode?: CarrierMode;
  delayMs?: number;
  apiKey?: string | null;
  port?: number;
}): Promise<CarrierStandIn>;

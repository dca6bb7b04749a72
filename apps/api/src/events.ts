import type { EstadoPedido, EstadoTicket } from '@nexbyte/shared';
import type { Db } from './db/client';

/** An order that changed, as its events tell it: subscribers read the rest themselves. */
export interface OrderFact {
  id: number;
  numero: string;
  de: EstadoPedido | null;
  a: EstadoPedido;
}

/**
 * Every event of the shop and what it carries. Names are Spanish, like the data; they are
 * published only after the transaction that made them true has committed.
 */
export interface ShopEvents {
  'pedido.creado': OrderFact;
  'pedido.pagado': OrderFact;
  'pedido.enviado': OrderFact;
  'pedido.entregado': OrderFact;
  'pedido.cancelado': OrderFact;
  /** Cancelled by the system because the payment did not arrive in time. */
  'pedido.expirado': OrderFact;
  /** A visitor wrote through the contact form (the honeypot's catches are not published). */
  'contacto.creado': ContactFact;
  /** A visitor asked for a support or repair quote: the ticket's first e-mail carries `acceso`. */
  'soporte.creado': SupportFact;
  /** A ticket changed state; the customer's e-mail carries a fresh tracking token. */
  'soporte.estado': TicketStateFact;
  /** The desk sent a quote; the customer's e-mail carries a fresh tracking token. */
  'soporte.cotizado': TicketQuoteFact;
  /** A sale took a product's stock from above the low-stock line to at or below it. */
  'producto.stock_bajo': LowStockFact;
  /** A product's stock went from none to some: its back-in-stock alerts are due. */
  'producto.repuesto': RestockFact;
}

export interface RestockFact {
  id: number;
}

export interface StorageFullFact {
  /** When the first write was refused (ISO 8601). */
  desde: string;
}

export interface ContactFact {
  id: number;
  nombre: string;
  email: string;
  mensaje: string;
}

export interface SupportFact {
  id: number;
  nombreCliente: string;
  emailCliente: string;
  telefonoCliente: string | null;
  region: string;
  comuna: string;
  equipo: string;
  prioridad: string;
  serviciosRequeridos: string[];
  descripcionProblema: string;
  /** The tracking token of the customer's confirmation e-mail (only its hash is stored). */
  acceso: string;
}

export interface TicketStateFact {
  id: number;
  estado: EstadoTicket;
  /** The note to the customer, if the desk wrote one (internal notes never travel here). */
  nota: string | null;
  /** The new tracking token; null when the customer made the change (their link stays). */
  acceso: string | null;
}

export interface TicketQuoteFact {
  id: number;
  cotizacionId: number;
  acceso: string;
}

export interface LowStockFact {
  id: number;
  nombre: string;
  /** Units left after the sale. */
  stock: number;
}

export type EventName = keyof ShopEvents;
/** The events that tell an order's status change. */
export type OrderEventName = {
  [K in EventName]: ShopEvents[K] extends OrderFact ? K : never;
}[EventName];
export type ShopEvent = { [K in EventName]: { name: K; data: ShopEvents[K] } }[EventName];
type Handler<K extends EventName> = (data: ShopEvents[K], tx: Db) => unknown;
type AnyHandler = (data: unknown, tx: Db) => unknown;

/** Writes events inside a transaction (app.events.record): what the functions that change take. */
export type RecordEvents = (tx: Db, events: readonly ShopEvent[]) => Promise<void>;

/**
 * The shop's events, recorded inside the transaction that made them true (decision 028): each
 * subscriber writes what the event causes (an e-mail, a job) with that transaction, so it happens
 * if and only if the change commits. A subscriber that throws rolls the change back.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, AnyHandler[]>();

  on<K extends EventName>(name: K, handler: Handler<K>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as AnyHandler]);
  }

  readonly record: RecordEvents = async (tx, events) => {
    for (const event of events) {
      for (const handler of this.handlers.get(event.name) ?? []) await handler(event.data, tx);
    }
  };
}

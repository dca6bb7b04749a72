import type { EstadoPedido, EstadoTicket } from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';

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
  /** The database's disk is full: orders cannot be saved until someone frees space. */
  'almacenamiento.lleno': StorageFullFact;
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
type Handler<K extends EventName> = (data: ShopEvents[K]) => unknown;
type AnyHandler = (data: unknown) => unknown;

/**
 * A small in-process event bus. A subscriber runs when the event is published; one that throws or
 * rejects is logged and never reaches the publisher, whose work is already committed.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, AnyHandler[]>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on<K extends EventName>(name: K, handler: Handler<K>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as AnyHandler]);
  }

  publish(events: readonly ShopEvent[]): void {
    for (const event of events) {
      for (const handler of this.handlers.get(event.name) ?? []) {
        const failed = (err: unknown) =>
          this.log.error({ err, evento: event.name }, 'falló un suscriptor de un evento');
        try {
          const task = Promise.resolve(handler(event.data))
            .catch(failed)
            .finally(() => this.pending.delete(task));
          this.pending.add(task);
        } catch (err) {
          failed(err);
        }
      }
    }
  }

  /** Waits for the subscribers still running (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

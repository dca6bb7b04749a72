import { SHIPMENT_MESSAGES, type EnvioPedido, type Pedido } from '@nexbyte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ShippingConfig } from '../../config/shipping';
import type { Db } from '../../db/client';
import { conflict, HttpError, notFound } from '../../http-errors';
import { CarrierError, type Carrier } from './carrier';
import {
  claimShipment,
  leaseShipment,
  markDelivered,
  releaseShipment,
  saveTracking,
  shipmentOf,
  shipmentsInTransit,
  stuckShipments,
  type EnvioRow,
} from './shipments.repository';

/** What the shipping module needs of an order, and how it moves one (the checkout's). */
export interface OrderPort {
  find(numero: string): Promise<{ id: number; pedido: Pedido } | null>;
  markShipped(
    numero: string,
    actor: ShipmentActor,
    tracking: { transportista: string; numeroSeguimiento: string },
  ): Promise<void>;
  markDelivered(numero: string): Promise<void>;
}

export interface ShipmentActor {
  usuarioId: number | null;
  label: string;
}

const DAY_MS = 86_400_000;

/** The shipment as the admin and the buyer read it. */
export function envioView(numero: string, row: EnvioRow, stuckDays: number): EnvioPedido {
  return {
    numero,
    origen: row.origen as EnvioPedido['origen'],
    transportista: row.transportista,
    servicio: row.servicioNombre,
    precio: Number(row.precio),
    llegaEstimada: row.llegaEstimada,
    numeroOt: row.numeroOt,
    seguimientoUrl: row.seguimientoUrl,
    etiqueta: row.etiquetaPdf !== null,
    estado: row.estadoTransportista,
    eventos: row.eventos,
    enviadoAt: row.enviadoAt?.toISOString() ?? null,
    entregadoAt: row.entregadoAt?.toISOString() ?? null,
    atrasado:
      row.enviadoAt !== null &&
      row.entregadoAt === null &&
      Date.now() - row.enviadoAt.getTime() > stuckDays * DAY_MS,
  };
}

/** How often a request that found the shipment being created looks again. */
const WAIT_POLL_MS = 200;

/**
 * 'Crear envío' and tracking (decision 036). Creating is idempotent: the carrier cannot void a
 * transport order, so only one request, in any instance, asks for it. It claims the shipment's
 * row for as long as the carrier's calls may take (`creando_hasta`); a doubled click in this
 * instance shares its answer, and one in another instance waits for the row to carry the
 * transport order. Should a claim run out while the carrier still answers, the row is updated
 * only while it has no transport order, so the first one made is the one kept.
 */
export class Shipments {
  private readonly inFlight = new Map<string, Promise<{ envio: EnvioPedido; creado: boolean }>>();

  constructor(
    private readonly db: Db,
    readonly carrier: Carrier | null,
    private readonly config: ShippingConfig,
    private readonly orders: OrderPort,
    private readonly log: FastifyBaseLogger,
  ) {}

  async view(numero: string): Promise<EnvioPedido | null> {
    const order = await this.orders.find(numero);
    if (!order) return null;
    const row = await shipmentOf(this.db, order.id);
    return row ? envioView(numero, row, this.config.stuckDays) : null;
  }

  async label(numero: string): Promise<Buffer | null> {
    const order = await this.orders.find(numero);
    if (!order) return null;
    return (await shipmentOf(this.db, order.id))?.etiquetaPdf ?? null;
  }

  /** Creates the carrier's transport order of a paid order, once; answers the shipment. */
  async create(
    numero: string,
    actor: ShipmentActor,
  ): Promise<{ envio: EnvioPedido; creado: boolean }> {
    // Looked up before anything is awaited, so a second click in this instance always finds it.
    const running = this.inFlight.get(numero);
    if (running) return { envio: (await running).envio, creado: false };
    const work = this.createOnce(numero, actor);
    this.inFlight.set(numero, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(numero);
    }
  }

  private async createOnce(
    numero: string,
    actor: ShipmentActor,
  ): Promise<{ envio: EnvioPedido; creado: boolean }> {
    const order = await this.orders.find(numero);
    if (!order) throw notFound('Pedido no encontrado.');
    const row = await shipmentOf(this.db, order.id);
    if (order.pedido.entrega.tipo !== 'DESPACHO' || !row) {
      throw new HttpError(422, SHIPMENT_MESSAGES.pickup);
    }
    if (row.numeroOt)
      return { envio: envioView(numero, row, this.config.stuckDays), creado: false };
    if (order.pedido.estado !== 'PAGADO') throw conflict(SHIPMENT_MESSAGES.notPaid);
    if (!this.carrier || !this.config.carrier)
      throw new HttpError(422, SHIPMENT_MESSAGES.noCarrier);
    // The carrier's calls: two comuna codes and the order, each within CARRIER_TIMEOUT_MS.
    const leaseMs = 3 * this.config.carrier.timeoutMs + 5_000;
    if (!(await leaseShipment(this.db, order.id, leaseMs))) {
      return { envio: await this.madeElsewhere(numero, order.id), creado: false };
    }
    try {
      return { envio: await this.ship(order.id, order.pedido, row, actor), creado: true };
    } catch (err) {
      await releaseShipment(this.db, order.id).catch((e: unknown) =>
        this.log.warn({ pedido: numero, err: e }, 'envío sin liberar'),
      );
      throw err;
    }
  }

  /** Waits while another request holds the claim; its transport order, or 409 if it gave up. */
  private async madeElsewhere(numero: string, pedidoId: number): Promise<EnvioPedido> {
    for (;;) {
      const row = await shipmentOf(this.db, pedidoId);
      if (row?.numeroOt) return envioView(numero, row, this.config.stuckDays);
      if (!row?.creandoHasta || row.creandoHasta.getTime() <= Date.now()) {
        throw conflict(SHIPMENT_MESSAGES.creating);
      }
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  private async ship(pedidoId: number, pedido: Pedido, row: EnvioRow, actor: ShipmentActor) {
    const carrier = this.carrier!;
    const { entrega, cliente } = pedido;
    let created;
    try {
      created = await carrier.createShipment({
        reference: pedido.numero,
        // An order priced by the table (the carrier was silent) travels by its first service.
        serviceCode: row.servicioCodigo ?? '3',
        origin: this.config.origin,
        destination: { region: entrega.region, comuna: entrega.comuna, address: entrega.direccion },
        recipient: { name: cliente.nombre, phone: cliente.telefono, email: cliente.correo },
        parcel: {
          pesoKg: Number(row.pesoKg),
          largoCm: Number(row.largoCm),
          anchoCm: Number(row.anchoCm),
          altoCm: Number(row.altoCm),
        },
        declaredValue: pedido.subtotal,
        content: pedido.lineas.map((l) => l.nombre).join(', '),
      });
    } catch (err) {
      if (err instanceof CarrierError) {
        throw new HttpError(
          502,
          `${carrier.name} no creó el envío: ${err.carrierMessage ?? err.reason}.`,
        );
      }
      throw err;
    }
    const claimed = await claimShipment(this.db, pedidoId, carrier.name, created);
    if (!claimed) {
      // Another instance made one first: ours is not kept.
      await carrier
        .cancel(created.number)
        .catch((err: unknown) =>
          this.log.warn(
            { pedido: pedido.numero, ot: created.number, err },
            'OT duplicada sin anular',
          ),
        );
      return envioView(
        pedido.numero,
        (await shipmentOf(this.db, pedidoId))!,
        this.config.stuckDays,
      );
    }
    await this.orders.markShipped(pedido.numero, actor, {
      transportista: carrier.name,
      numeroSeguimiento: created.number,
    });
    this.log.info({ pedido: pedido.numero, ot: created.number }, 'envío creado');
    return envioView(pedido.numero, claimed, this.config.stuckDays);
  }

  /**
   * Asks the carrier about every shipment in transit; 'Entregado' marks the order ENTREGADO once
   * (the row's `entregado_at` is set only while null) and the buyer is told by e-mail.
   */
  async pollTracking(): Promise<{ asked: number; delivered: number }> {
    if (!this.carrier) return { asked: 0, delivered: 0 };
    let delivered = 0;
    const rows = await shipmentsInTransit(this.db);
    for (const row of rows) {
      try {
        const answer = await this.carrier.track(row.numeroOt!);
        await saveTracking(this.db, row.pedidoId, answer.status, answer.events);
        if (answer.delivered && (await markDelivered(this.db, row.pedidoId))) {
          await this.orders.markDelivered(row.numero);
          delivered++;
        }
      } catch (err) {
        this.log.warn({ pedido: row.numero, err }, 'seguimiento no disponible');
      }
    }
    return { asked: rows.length, delivered };
  }

  /** Shipments not delivered SHIPMENT_STUCK_DAYS after leaving: for the dashboard. */
  async stuck(): Promise<EnvioPedido[]> {
    const rows = await stuckShipments(this.db, this.config.stuckDays);
    return rows.map((r) => envioView(r.numero, r, this.config.stuckDays));
  }
}

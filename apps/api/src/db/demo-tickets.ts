import { hoyEnChile, SUGGESTED_SERVICE_PRICES } from '@nexbyte/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from './client';
import { productos } from '../modules/products/products.schema';
import {
  soporteCotizaciones,
  soporteCotizacionLineas,
  soporteHistorial,
  solicitudesSoporte,
} from '../modules/support/support.schema';
import { usuarios } from '../modules/users/users.schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Step = {
  estado: string;
  horasAtras: number;
  desk?: boolean;
  /** The customer's own answer (the tracking link). */
  cliente?: boolean;
  notaCliente?: string;
  notaInterna?: string;
};

/**
 * The demo shop's repair desk is not empty: a request just received, a repair quoted and waiting
 * for the customer, one being repaired (the demo client's, so their account shows it) and a
 * warranty claim at the manufacturer. Stock is not touched: the accepted quote has no parts.
 */
export async function seedDemoTickets(tx: Db, adminEmail: string): Promise<void> {
  const now = Date.now();
  const [admin] = await tx.select().from(usuarios).where(eq(usuarios.correo, adminEmail));
  const [client] = await tx.select().from(usuarios).where(eq(usuarios.role, 'CLIENT')).limit(1);
  const [part] = await tx
    .select()
    .from(productos)
    .where(and(eq(productos.activo, true), gt(productos.stock, 5)))
    .orderBy(asc(productos.id))
    .limit(1);
  const staff = admin ? `${admin.nombre} ${admin.apellidos}` : 'Sistema';

  async function ticket(
    values: typeof solicitudesSoporte.$inferInsert,
    steps: Step[],
  ): Promise<number> {
    const created = new Date(now - steps[0]!.horasAtras * HOUR_MS);
    const last = steps.at(-1)!;
    const [row] = await tx
      .insert(solicitudesSoporte)
      .values({
        ...values,
        estado: last.estado,
        fechaCreacion: created,
        fechaActualizacion: new Date(now - last.horasAtras * HOUR_MS),
      })
      .returning({ id: solicitudesSoporte.id });
    let previous: string | null = null;
    for (const step of steps) {
      await tx.insert(soporteHistorial).values({
        solicitudId: row!.id,
        estadoAnterior: previous,
        estado: step.estado,
        notaCliente: step.notaCliente ?? null,
        notaInterna: step.notaInterna ?? null,
        autor: step.desk ? staff : step.cliente ? 'Cliente' : 'Sistema',
        autorId: step.desk ? (admin?.id ?? null) : null,
        fecha: new Date(now - step.horasAtras * HOUR_MS),
      });
      previous = step.estado;
    }
    return row!.id;
  }

  await ticket(
    {
      nombreCliente: 'Valentina Pérez',
      emailCliente: 'valentina.perez@duoc.cl',
      telefonoCliente: '9 5555 1234',
      region: 'Biobío',
      comuna: 'Concepción',
      direccion: 'Los Carrera 890',
      equipo: 'NOTEBOOK',
      prioridad: 'ALTA',
      serviciosRequeridos: ['Diagnóstico', 'Mantención preventiva'],
      descripcionProblema:
        'El notebook se apaga solo al abrir juegos y el ventilador suena muy fuerte.',
    },
    [{ estado: 'RECIBIDA', horasAtras: 3 }],
  );

  const quoted = await ticket(
    {
      nombreCliente: 'Diego Muñoz',
      emailCliente: 'diego.munoz@gmail.com',
      telefonoCliente: '9 6123 4567',
      region: 'Metropolitana de Santiago',
      comuna: 'Ñuñoa',
      direccion: null,
      equipo: 'PC_ESCRITORIO',
      prioridad: 'NORMAL',
      serviciosRequeridos: ['Diagnóstico', 'Instalación/Upgrade'],
      descripcionProblema: 'El PC se congela al jugar y a veces se reinicia sin aviso.',
    },
    [
      { estado: 'RECIBIDA', horasAtras: 30 },
      { estado: 'EN_DIAGNOSTICO', horasAtras: 26, desk: true, notaInterna: 'Probar la fuente.' },
      {
        estado: 'COTIZADA',
        horasAtras: 20,
        desk: true,
        notaCliente: 'Te enviamos la cotización por correo.',
      },
    ],
  );
  const labour = SUGGESTED_SERVICE_PRICES['Mantención preventiva'];
  const lines = [
    {
      tipo: 'SERVICIO',
      servicio: 'Mantención preventiva',
      productoId: null,
      descripcion: 'Limpieza y cambio de pasta térmica',
      cantidad: 1,
      precioUnitario: labour,
    },
    ...(part
      ? [
          {
            tipo: 'REPUESTO',
            servicio: null,
            productoId: part.id,
            descripcion: part.nombre,
            cantidad: 1,
            precioUnitario: Math.round(Number(part.precio)),
          },
        ]
      : []),
  ];
  const validUntil = new Date(new Date(`${hoyEnChile()}T12:00:00Z`).getTime() + 10 * DAY_MS);
  const [quote] = await tx
    .insert(soporteCotizaciones)
    .values({
      solicitudId: quoted,
      diagnostico:
        'La fuente de poder no entrega el voltaje estable bajo carga y el disipador está obstruido.',
      validaHasta: validUntil.toISOString().slice(0, 10),
      total: lines.reduce((sum, l) => sum + l.cantidad * l.precioUnitario, 0),
      creadaPor: admin?.id ?? null,
      fechaCreacion: new Date(now - 20 * HOUR_MS),
    })
    .returning({ id: soporteCotizaciones.id });
  await tx
    .insert(soporteCotizacionLineas)
    .values(lines.map((l) => ({ ...l, cotizacionId: quote!.id })));

  const repairing = await ticket(
    {
      nombreCliente: client ? `${client.nombre} ${client.apellidos}` : 'Camila Rojas Muñoz',
      emailCliente: client?.correo ?? 'cliente@gmail.com',
      telefonoCliente: client?.telefono ?? null,
      region: client?.region ?? 'Valparaíso',
      comuna: client?.comuna ?? 'Viña del Mar',
      direccion: null,
      equipo: 'NOTEBOOK',
      prioridad: 'NORMAL',
      serviciosRequeridos: ['Respaldo de datos', 'Formateo/OS limpio'],
      descripcionProblema: 'Windows no arranca después de una actualización; necesito mis fotos.',
      usuarioId: client?.id ?? null,
    },
    [
      { estado: 'RECIBIDA', horasAtras: 96 },
      { estado: 'EN_DIAGNOSTICO', horasAtras: 90, desk: true },
      { estado: 'COTIZADA', horasAtras: 80, desk: true },
      { estado: 'APROBADA', horasAtras: 70, cliente: true },
      {
        estado: 'EN_REPARACION',
        horasAtras: 50,
        desk: true,
        notaCliente: 'Ya respaldamos tus archivos; ahora reinstalamos el sistema.',
      },
    ],
  );
  const repairLines = [
    ['Respaldo de datos', 'Respaldo de datos'],
    ['Formateo/OS limpio', 'Formateo/OS limpio'],
  ] as const;
  const [accepted] = await tx
    .insert(soporteCotizaciones)
    .values({
      solicitudId: repairing,
      diagnostico: 'El disco está sano; el sistema operativo quedó dañado por la actualización.',
      validaHasta: validUntil.toISOString().slice(0, 10),
      estado: 'ACEPTADA',
      total: repairLines.reduce((sum, [s]) => sum + SUGGESTED_SERVICE_PRICES[s], 0),
      creadaPor: admin?.id ?? null,
      fechaCreacion: new Date(now - 80 * HOUR_MS),
      fechaRespuesta: new Date(now - 70 * HOUR_MS),
      stockReservado: true,
    })
    .returning({ id: soporteCotizaciones.id });
  await tx.insert(soporteCotizacionLineas).values(
    repairLines.map(([servicio, descripcion]) => ({
      cotizacionId: accepted!.id,
      tipo: 'SERVICIO',
      servicio,
      productoId: null,
      descripcion,
      cantidad: 1,
      precioUnitario: SUGGESTED_SERVICE_PRICES[servicio],
    })),
  );

  const purchase = new Date(now - 200 * DAY_MS).toISOString().slice(0, 10);
  await ticket(
    {
      nombreCliente: 'Ignacio Fuentes',
      emailCliente: 'ignacio.fuentes@gmail.com',
      telefonoCliente: '9 7788 9900',
      region: 'Valparaíso',
      comuna: 'Valparaíso',
      direccion: null,
      equipo: 'OTRO',
      prioridad: 'NORMAL',
      serviciosRequeridos: ['Diagnóstico'],
      descripcionProblema: 'El monitor comprado en la tienda muestra una línea vertical verde.',
      tipo: 'GARANTIA',
      comprobante: 'Boleta 48213',
      fechaCompra: purchase,
    },
    [
      { estado: 'RECIBIDA', horasAtras: 120 },
      { estado: 'EN_DIAGNOSTICO', horasAtras: 110, desk: true },
      {
        estado: 'EN_FABRICANTE',
        horasAtras: 100,
        desk: true,
        notaCliente: 'Enviamos el monitor al servicio técnico de la marca.',
        notaInterna: 'Guía de despacho 55120.',
      },
    ],
  );
}

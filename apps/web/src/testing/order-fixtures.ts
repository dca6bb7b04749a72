// Orders as the API answers them, for the checkout, order and admin-order tests.
import {
  ivaIncluded,
  REGION_NAMES,
  type AjustesEnvio,
  type Cobro,
  type ConfigResponse,
  type Cotizacion,
  type Pedido,
  type PedidoResumen,
} from '@nexbyte/shared';

/** GET /config: both methods on (Webpay first, as the server lists them) and no transfer price. */
export function buildConfig(pagos: Partial<ConfigResponse['pagos']> = {}): ConfigResponse {
  return {
    politicaPassword: 'basica',
    pagos: {
      metodos: ['WEBPAY', 'TRANSFERENCIA'],
      descuentoTransferenciaPct: 0,
      cuotasSinInteresMax: 0,
      ...pagos,
    },
  };
}

export function buildQuote(overrides: Partial<Cotizacion> = {}): Cotizacion {
  const total = 2 * 19990 + 3990;
  return {
    lineas: [
      {
        productoId: 12,
        nombre: 'Mouse Logitech G203',
        imagen: '/img/categorias/perifericos.svg',
        precio: 19990,
        qty: 2,
        stock: 35,
        disponible: true,
        subtotal: 39980,
      },
    ],
    problemas: [],
    cupon: null,
    cuponInvalido: false,
    cuponMensaje: null,
    entrega: 'DESPACHO',
    reglaEnvio: { precio: 3990, envioGratisDesde: 80000 },
    subtotal: 39980,
    descuento: 0,
    descuentoPago: 0,
    envio: 3990,
    total,
    iva: ivaIncluded(total),
    documento: 'BOLETA',
    neto: null,
    ...overrides,
  };
}

export function buildOrder(overrides: Partial<Pedido> = {}): Pedido {
  const total = 2 * 19990 + 3990;
  return {
    numero: 'NB-000123',
    estado: 'PENDIENTE_PAGO',
    createdAt: '2026-11-20T15:30:00.000Z',
    expiresAt: '2026-11-22T15:30:00.000Z',
    invitado: true,
    cliente: {
      nombre: 'Josefa Muñoz',
      correo: 'josefa.munoz@gmail.com',
      run: '7654321-6',
      telefono: '9 1234 5678',
    },
    entrega: {
      tipo: 'DESPACHO',
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Los Leones 456',
      horario: null,
    },
    metodoPago: 'TRANSFERENCIA',
    cobro: {
      metodo: 'TRANSFERENCIA',
      estado: 'PENDIENTE',
      detalle: null,
      motivo: null,
      reembolso: null,
    },
    cupon: null,
    lineas: [
      { productoId: 12, nombre: 'Mouse Logitech G203', precio: 19990, qty: 2, subtotal: 39980 },
    ],
    subtotal: 39980,
    descuento: 0,
    descuentoPago: 0,
    envio: 3990,
    total,
    iva: ivaIncluded(total),
    eventos: [{ de: null, a: 'PENDIENTE_PAGO', por: null, at: '2026-11-20T15:30:00.000Z' }],
    transferencia: {
      banco: 'Banco Estado',
      tipoCuenta: 'Cuenta corriente',
      numeroCuenta: '00012345678',
      rut: '76.123.456-0',
      titular: 'Nexbyte SpA',
      correo: 'pagos@nexbyte.cl',
    },
    seguimiento: null,
    documentoTipo: 'BOLETA',
    facturaEmpresa: null,
    ...overrides,
  };
}

/** A Webpay payment approved by the card's issuer, for the order of buildOrder. */
export function buildPaidCobro(overrides: Partial<Cobro> = {}): Cobro {
  return {
    metodo: 'WEBPAY',
    estado: 'PAGADO',
    detalle: {
      codigoAutorizacion: '1213',
      ultimos4: '6623',
      tipo: 'Crédito en cuotas',
      cuotas: 3,
      monto: 43970,
      fecha: '2026-11-20T15:35:00.000Z',
    },
    motivo: null,
    reembolso: null,
    ...overrides,
  };
}

/** buildOrder paid with Webpay. */
export function buildPaidWebpayOrder(overrides: Partial<Pedido> = {}): Pedido {
  return buildOrder({
    estado: 'PAGADO',
    expiresAt: null,
    metodoPago: 'WEBPAY',
    cobro: buildPaidCobro(),
    eventos: [
      { de: null, a: 'PENDIENTE_PAGO', por: null, at: '2026-11-20T15:30:00.000Z' },
      { de: 'PENDIENTE_PAGO', a: 'PAGADO', por: null, at: '2026-11-20T15:35:00.000Z' },
    ],
    ...overrides,
  });
}

export function buildOrderRow(overrides: Partial<PedidoResumen> = {}): PedidoResumen {
  return {
    numero: 'NB-000123',
    estado: 'PENDIENTE_PAGO',
    createdAt: '2026-11-20T15:30:00.000Z',
    total: 43970,
    unidades: 2,
    invitado: true,
    cliente: { nombre: 'Josefa Muñoz', correo: 'josefa.munoz@gmail.com' },
    ...overrides,
  };
}

/** GET /envios: every región at the spec's values but Arica, and pickup on. */
export function buildShipping(overrides: Partial<AjustesEnvio> = {}): AjustesEnvio {
  return {
    regiones: REGION_NAMES.map((region) =>
      region === 'Arica y Parinacota'
        ? { region, precio: 7990, envioGratisDesde: 150000 }
        : { region, precio: 3990, envioGratisDesde: 80000 },
    ),
    retiro: {
      activo: true,
      region: 'Metropolitana de Santiago',
      comuna: 'Providencia',
      direccion: 'Av. Providencia 1234, local 5',
      horario: 'Lunes a Viernes, 9:00 a 18:00',
    },
    ...overrides,
  };
}

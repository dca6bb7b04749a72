import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors';
import { buildDomainSchemas } from './index';
import {
  cambioEstadoSchema,
  cotizacionRequestSchema,
  datosClienteSchema,
  ORDER_MESSAGES,
  pedidosQuerySchema,
} from './orders';

const { datosInvitado, pedido } = buildDomainSchemas();

const GUEST = {
  nombre: 'Josefa Muñoz',
  correo: 'Josefa.Munoz@gmail.com ',
  run: '7.654.321-6',
  telefono: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: 'Los Leones 456',
};
const ITEMS = [{ productoId: 3, qty: 2, precio: 19990 }];

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('cotizacionRequestSchema', () => {
  it('acepta las líneas del carrito y un cupón opcional', () => {
    const parsed = cotizacionRequestSchema.parse({ items: ITEMS, cupon: ' nex10 ' });
    expect(parsed).toEqual({ items: ITEMS, cupon: 'nex10', entrega: 'DESPACHO' });
    expect(cotizacionRequestSchema.parse({ items: ITEMS, cupon: '' }).cupon).toBeNull();
  });

  it('rechaza un carrito vacío, cantidades fuera de 1 a 99 y productos repetidos', () => {
    expect(errorsOf(cotizacionRequestSchema.safeParse({ items: [] }))).toEqual({
      items: ORDER_MESSAGES.emptyCart,
    });
    for (const qty of [0, 1.5, '2']) {
      expect(
        errorsOf(cotizacionRequestSchema.safeParse({ items: [{ productoId: 1, qty }] })),
      ).toEqual({ items: ORDER_MESSAGES.cantidad });
    }
    // More units than an order may take says so, 99 being the most (docs/product.md).
    for (const qty of [100, 1000]) {
      expect(
        errorsOf(cotizacionRequestSchema.safeParse({ items: [{ productoId: 1, qty }] })),
      ).toEqual({ items: 'Puedes llevar hasta 99 unidades de un mismo producto por pedido.' });
    }
    expect(cotizacionRequestSchema.safeParse({ items: [{ productoId: 1, qty: 99 }] }).success).toBe(
      true,
    );
    const twice = [
      { productoId: 1, qty: 1 },
      { productoId: 1, qty: 2 },
    ];
    expect(errorsOf(cotizacionRequestSchema.safeParse({ items: twice }))).toEqual({
      items: ORDER_MESSAGES.repeatedProduct,
    });
  });
});

describe('datosInvitado (checkout as a guest)', () => {
  it('normaliza correo y RUN como el registro', () => {
    expect(datosInvitado.parse(GUEST)).toMatchObject({
      correo: 'josefa.munoz@gmail.com',
      run: '7654321-6',
    });
  });

  it('pide cada dato con los mensajes del registro', () => {
    expect(errorsOf(datosInvitado.safeParse({}))).toEqual({
      nombre: 'El nombre es requerido.',
      correo: 'Formato de correo inválido.',
      run: 'El RUN ingresado no es válido.',
      telefono: 'Formato de teléfono debe ser 9 XXXX XXXX',
      region: 'Debes seleccionar una región.',
      comuna: 'Debes seleccionar una comuna.',
      direccion: 'La dirección es requerida.',
    });
  });

  it('aplica el dígito verificador, los dominios permitidos y la comuna de la región', () => {
    expect(
      errorsOf(
        datosInvitado.safeParse({
          ...GUEST,
          run: '7.654.321-5',
          correo: 'josefa@hotmail.com',
          comuna: 'Valdivia',
        }),
      ),
    ).toEqual({
      run: 'El RUN ingresado no es válido.',
      correo: 'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
      comuna: 'Debes seleccionar una comuna.',
    });
  });
});

describe('retiro en tienda', () => {
  it('no pide región, comuna ni dirección; un despacho sí', () => {
    const { region: _r, comuna: _c, direccion: _d, ...who } = GUEST;
    expect(datosInvitado.safeParse({ ...who, entrega: 'RETIRO', region: '' }).success).toBe(true);
    expect(errorsOf(datosInvitado.safeParse({ ...who, entrega: 'DESPACHO' }))).toEqual({
      region: 'Debes seleccionar una región.',
      comuna: 'Debes seleccionar una comuna.',
      direccion: 'La dirección es requerida.',
    });
  });

  it('solo acepta DESPACHO o RETIRO', () => {
    expect(errorsOf(datosInvitado.safeParse({ ...GUEST, entrega: 'DRON' }))).toEqual({
      entrega: 'Elige cómo recibir tu pedido.',
    });
  });
});

describe('datosClienteSchema (checkout logged in)', () => {
  it('pide solo la entrega; el teléfono es opcional', () => {
    const { region, comuna, direccion } = GUEST;
    expect(datosClienteSchema.parse({ region, comuna, direccion, telefono: '' })).toEqual({
      entrega: 'DESPACHO',
      region,
      comuna,
      direccion,
      telefono: null,
    });
  });
});

describe('pedido (POST /pedidos body)', () => {
  it('deja opcionales los datos del invitado, pero los revisa si vienen', () => {
    const { region, comuna, direccion } = GUEST;
    expect(pedido.parse({ items: ITEMS, region, comuna, direccion })).toMatchObject({
      metodoPago: 'TRANSFERENCIA',
      items: ITEMS,
    });
    expect(
      errorsOf(pedido.safeParse({ items: ITEMS, region, comuna, direccion, run: '1-1' })),
    ).toEqual({ run: 'El RUN ingresado no es válido.' });
  });

  it('un cuerpo que no es un objeto es un error de validación, no una excepción', () => {
    for (const body of [null, 'texto', 42, []]) {
      expect(pedido.safeParse(body).success).toBe(false);
    }
  });

  it('solo acepta transferencia bancaria', () => {
    expect(errorsOf(pedido.safeParse({ ...GUEST, items: ITEMS, metodoPago: 'EFECTIVO' }))).toEqual({
      metodoPago: 'Método de pago inválido.',
    });
  });
});

describe('the admin calls', () => {
  it('cambioEstado solo admite los estados conocidos', () => {
    expect(cambioEstadoSchema.parse({ estado: 'PAGADO' })).toEqual({ estado: 'PAGADO' });
    expect(errorsOf(cambioEstadoSchema.safeParse({ estado: 'PERDIDO' }))).toEqual({
      estado: ORDER_MESSAGES.estado,
    });
  });

  it('cambioEstado admite transportista y número de seguimiento solo al enviar', () => {
    expect(
      cambioEstadoSchema.parse({
        estado: 'ENVIADO',
        transportista: ' Chilexpress ',
        numeroSeguimiento: '',
      }),
    ).toEqual({ estado: 'ENVIADO', transportista: 'Chilexpress' });
    expect(
      errorsOf(cambioEstadoSchema.safeParse({ estado: 'PAGADO', numeroSeguimiento: '1' })),
    ).toEqual({
      numeroSeguimiento: ORDER_MESSAGES.trackingOnlyShipped,
    });
    expect(
      errorsOf(cambioEstadoSchema.safeParse({ estado: 'ENVIADO', numeroSeguimiento: '-1' })),
    ).toEqual({
      numeroSeguimiento: ORDER_MESSAGES.numeroSeguimiento,
    });
  });

  it('los filtros de la lista ignoran valores malos', () => {
    expect(pedidosQuerySchema.parse({ estado: 'NADA', limite: '5000', propios: 'x' })).toEqual({
      estado: undefined,
      limite: undefined,
      pagina: undefined,
      propios: false,
    });
    expect(pedidosQuerySchema.parse({ estado: 'PAGADO', pagina: '2', propios: '1' })).toEqual({
      estado: 'PAGADO',
      pagina: 2,
      limite: undefined,
      propios: true,
    });
  });
});

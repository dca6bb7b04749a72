import type { Armado, Componente, PasoArmado, Producto, TipoComponente } from '@nexbyte/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProducto, mockCatalogApi } from '../../testing/catalog-api';
import { ADMIN_USER, storeSession } from '../../testing/fixtures';
import type { MockCall } from '../../testing/mock-api';
import { renderApp } from '../testing/render-app';

const part = (id: number, nombre: string, precio: number, componente: Componente): Producto =>
  buildProducto({ id, nombre, precio, stock: 5, componente });

const RYZEN = part(1, 'Procesador AMD Ryzen 5 7600', 189990, {
  tipo: 'PROCESADOR',
  socket: 'AM5',
  nucleos: 6,
  tdpW: 88,
  graficosIntegrados: true,
});
const I5F = part(2, 'Procesador Intel Core i5-14400F', 169990, {
  tipo: 'PROCESADOR',
  socket: 'LGA1700',
  nucleos: 10,
  tdpW: 148,
  graficosIntegrados: false,
});
const B650 = part(3, 'Placa madre MSI B650 Tomahawk', 229990, {
  tipo: 'PLACA_MADRE',
  socket: 'AM5',
  chipset: 'B650',
  formato: 'ATX',
  tipoMemoria: 'DDR5',
  ranurasMemoria: 4,
  ranurasM2: 3,
  consumoW: 50,
});
const B760 = part(4, 'Placa madre MSI B760M DDR4', 139990, {
  tipo: 'PLACA_MADRE',
  socket: 'LGA1700',
  chipset: 'B760',
  formato: 'Micro-ATX',
  tipoMemoria: 'DDR4',
  ranurasMemoria: 2,
  ranurasM2: 2,
  consumoW: 40,
});
const PARTS = [RYZEN, I5F, B650, B760];

/** The API's step lists for the demo parts above: sockets decide. */
function stepAnswer(call: MockCall) {
  const tipo = call.params.tipo as TipoComponente;
  const chosen = (call.query.get('piezas') ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .map((id) => PARTS.find((p) => p.id === id)!);
  const socketOf = (p: Producto) => (p.componente as { socket?: string }).socket;
  const ofKind = PARTS.filter((p) => p.componente?.tipo === tipo);
  const other = chosen.find((p) => p.componente?.tipo !== tipo && socketOf(p));
  const fits = (p: Producto) => !other || socketOf(p) === socketOf(other);
  const paso: PasoArmado = {
    tipo,
    compatibles: ofKind.filter(fits),
    totalCompatibles: ofKind.filter(fits).length,
    incompatibles: ofKind
      .filter((p) => !fits(p))
      .map((producto) => ({
        producto,
        motivos: [`Socket ${socketOf(producto)}, tu placa es ${socketOf(other!)}`],
      })),
    totalIncompatibles: ofKind.filter((p) => !fits(p)).length,
  };
  return { body: paso };
}

const api = (extra = {}) =>
  mockCatalogApi({
    'GET /armados/recomendados': { body: [] },
    'GET /armados/pasos/:tipo': stepAnswer,
    'GET /productos/:id': ({ params }: MockCall) => ({
      body: PARTS.find((p) => p.id === Number(params.id)),
    }),
    ...extra,
  });

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const stepList = (name: string) => screen.findByRole('list', { name });

describe('/arma-tu-pc', () => {
  it('lista los procesadores, y al elegir uno pasa a la placa con solo las compatibles', async () => {
    const mock = api();
    const user = userEvent.setup();
    const { router } = renderApp('/arma-tu-pc');
    await screen.findByRole('heading', { level: 1, name: 'Arma tu PC' });
    const cpus = await stepList('Piezas compatibles: procesador');
    expect(within(cpus).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(cpus).getByRole('button', { name: `Elegir ${RYZEN.nombre}` }));
    const boards = await stepList('Piezas compatibles: placa madre');
    expect(within(boards).getByRole('link', { name: B650.nombre })).toBeInTheDocument();
    expect(within(boards).queryByRole('link', { name: B760.nombre })).not.toBeInTheDocument();
    expect(
      mock.calls
        .filter((c) => c.path === '/armados/pasos/PLACA_MADRE')
        .at(-1)
        ?.query.get('piezas'),
    ).toBe('1');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: '2. Placa madre' }),
    );
    expect(router.state.location.search).toBe('?procesador=1');

    const toggle = screen.getByRole('button', { name: 'Ver incompatibles (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const others = await stepList('Piezas incompatibles: placa madre');
    expect(within(others).getByText('Socket LGA1700, tu placa es AM5')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('el resumen suma el total, el consumo y la fuente recomendada con su margen, y advierte', async () => {
    api();
    renderApp(`/arma-tu-pc?procesador=${I5F.id}&placa=${B760.id}`);
    const summary = await screen.findByRole('complementary', { name: 'Tu armado' });
    await within(summary).findByText(I5F.nombre);
    expect(within(summary).getByText('$309.980')).toBeInTheDocument();
    expect(within(summary).getByText('188 W')).toBeInTheDocument();
    expect(
      within(summary).getByText('(consumo estimado + 30 %, redondeado a los 50 W siguientes)'),
    ).toBeInTheDocument();
    expect(within(summary).getByText(/^250 W/)).toBeInTheDocument();
    expect(
      within(summary).getByText(
        'Tu procesador no tiene gráficos integrados: necesitas una tarjeta de video para tener imagen.',
      ),
    ).toBeInTheDocument();
  });

  it('el armado en curso vuelve desde el navegador al abrir /arma-tu-pc sin piezas', async () => {
    localStorage.setItem('nexbyte_arma_tu_pc', JSON.stringify(`procesador=${RYZEN.id}`));
    api();
    const { router } = renderApp('/arma-tu-pc');
    const summary = await screen.findByRole('complementary', { name: 'Tu armado' });
    expect(await within(summary).findByText(RYZEN.nombre)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?procesador=${RYZEN.id}`);
  });

  it('Agregar todo al carrito pasa por la revisión del servidor y lleva al carrito', async () => {
    const mock = api({
      'POST /armados/revision': {
        body: {
          piezas: [RYZEN, B650],
          total: RYZEN.precio + B650.precio,
          revision: {
            incompatibilidades: [],
            advertencias: [],
            consumoEstimadoW: 138,
            fuenteRecomendadaW: 200,
          },
        },
      },
      'GET /envios': { status: 404, body: { message: 'No encontrado.' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/arma-tu-pc?procesador=${RYZEN.id}&placa=${B650.id}`);
    const summary = await screen.findByRole('complementary', { name: 'Tu armado' });
    await within(summary).findByText(B650.nombre);
    await user.click(within(summary).getByRole('button', { name: 'Agregar todo al carrito' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrito'));
    expect(mock.callsTo('POST', '/armados/revision')[0]?.body).toEqual({ piezas: [1, 3] });
    const cart = JSON.parse(localStorage.getItem('nexbyte_cart') ?? '[]') as { id: number }[];
    expect(cart.map((line) => line.id)).toEqual([1, 3]);
  });

  it('si el servidor rechaza el armado, lo dice y no toca el carrito', async () => {
    api({
      'POST /armados/revision': {
        status: 409,
        body: {
          message:
            'Tu armado tiene piezas incompatibles: El procesador es AM5 y la placa madre LGA1700.',
          incompatibilidades: [],
        },
      },
    });
    const user = userEvent.setup();
    renderApp(`/arma-tu-pc?procesador=${RYZEN.id}`);
    const summary = await screen.findByRole('complementary', { name: 'Tu armado' });
    await within(summary).findByText(RYZEN.nombre);
    await user.click(within(summary).getByRole('button', { name: 'Agregar todo al carrito' }));
    expect(
      await screen.findByText(
        'Tu armado tiene piezas incompatibles: El procesador es AM5 y la placa madre LGA1700.',
      ),
    ).toBeInTheDocument();
    expect(localStorage.getItem('nexbyte_cart')).toBeNull();
  });

  it('Guardar y compartir da el enlace del armado', async () => {
    const saved: Armado = {
      codigo: 'AbCdEfGhIjKlMnOp',
      titulo: null,
      piezas: [RYZEN],
      piezasNoDisponibles: 0,
      total: RYZEN.precio,
      revision: {
        incompatibilidades: [],
        advertencias: [],
        consumoEstimadoW: 88,
        fuenteRecomendadaW: 150,
      },
      createdAt: '2026-11-29T12:00:00.000Z',
    };
    const mock = api({ 'POST /armados': { status: 201, body: saved } });
    const user = userEvent.setup();
    renderApp(`/arma-tu-pc?procesador=${RYZEN.id}`);
    const summary = await screen.findByRole('complementary', { name: 'Tu armado' });
    await within(summary).findByText(RYZEN.nombre);
    await user.click(within(summary).getByRole('button', { name: 'Guardar y compartir' }));
    const link = await screen.findByRole('link', { name: /\/arma-tu-pc\/b\/AbCdEfGhIjKlMnOp$/ });
    expect(link).toHaveAttribute('href', '/arma-tu-pc/b/AbCdEfGhIjKlMnOp');
    expect(mock.callsTo('POST', '/armados')[0]?.body).toEqual({ piezas: [1] });
  });
});

describe('/arma-tu-pc/b/:codigo', () => {
  const armado: Armado = {
    codigo: 'AbCdEfGhIjKlMnOp',
    titulo: null,
    piezas: [RYZEN, B650],
    piezasNoDisponibles: 0,
    total: RYZEN.precio + B650.precio,
    revision: {
      incompatibilidades: [],
      advertencias: [],
      consumoEstimadoW: 138,
      fuenteRecomendadaW: 200,
    },
    createdAt: '2026-11-29T12:00:00.000Z',
  };

  it('muestra las piezas, el total y el enlace para abrirlo en el armador', async () => {
    api({ 'GET /armados/:codigo': { body: armado } });
    renderApp('/arma-tu-pc/b/AbCdEfGhIjKlMnOp');
    await screen.findByRole('heading', { level: 1, name: 'Armado de PC compartido' });
    expect(screen.getByRole('link', { name: RYZEN.nombre })).toBeInTheDocument();
    expect(screen.getByText('$419.980')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir en Arma tu PC' })).toHaveAttribute(
      'href',
      `/arma-tu-pc?procesador=${RYZEN.id}&placa=${B650.id}`,
    );
    expect(screen.queryByRole('heading', { name: 'Recomendar este armado' })).toBeNull();
  });

  it('el ADMIN lo publica como recomendado con un título', async () => {
    storeSession(ADMIN_USER);
    const mock = api({
      'GET /armados/:codigo': { body: armado },
      'PUT /armados/:codigo/recomendado': ({ body }: MockCall) => ({
        body: { ...armado, titulo: (body as { titulo: string }).titulo },
      }),
    });
    const user = userEvent.setup();
    renderApp('/arma-tu-pc/b/AbCdEfGhIjKlMnOp');
    await screen.findByRole('heading', { name: 'Recomendar este armado' });
    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'PC gamer hasta $800.000');
    await user.click(screen.getByRole('button', { name: 'Publicar como recomendado' }));
    await screen.findByRole('heading', { level: 1, name: 'PC gamer hasta $800.000' });
    expect(mock.callsTo('PUT', '/armados/AbCdEfGhIjKlMnOp/recomendado')[0]?.body).toEqual({
      titulo: 'PC gamer hasta $800.000',
    });
  });

  it('un código desconocido dice que no existe', async () => {
    api({
      'GET /armados/:codigo': { status: 404, body: { message: 'No encontramos ese armado.' } },
    });
    renderApp('/arma-tu-pc/b/NoExisteEsteCodigo');
    expect(
      await screen.findByText('No encontramos ese armado. Puede que lo hayan borrado.'),
    ).toBeInTheDocument();
  });
});

import { formatDateTime, type Contacto, type SolicitudSoporte } from '@nexbyte/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findHeading, mockApi, pagedReply } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

const MENSAJES: Contacto[] = [
  {
    id: 8,
    nombre: 'Ana Pérez',
    email: 'ana.perez@gmail.com',
    mensaje: '<img src=x onerror="alert(1)"><b>¿Tienen stock?</b>',
    fechaEnvio: '2026-03-05T18:07:00.000Z',
  },
  {
    id: 3,
    nombre: 'Luis Díaz',
    email: 'luis@duoc.cl',
    mensaje: 'Primera línea\nSegunda línea',
    fechaEnvio: '2026-01-02T09:30:00.000Z',
  },
];

const solicitud = (overrides: Partial<SolicitudSoporte>): SolicitudSoporte => ({
  id: 1,
  fechaCreacion: '2026-03-05T18:07:00.000Z',
  nombreCliente: 'Ana Pérez',
  emailCliente: 'ana.perez@gmail.com',
  telefonoCliente: '9 1234 5678',
  region: 'Metropolitana de Santiago',
  comuna: 'Providencia',
  direccion: null,
  equipo: 'NOTEBOOK',
  prioridad: 'NORMAL',
  serviciosRequeridos: ['Diagnóstico'],
  descripcionProblema: 'El notebook no enciende desde ayer.',
  ...overrides,
});

describe('mensajes de contacto', () => {
  it('muestra ID, fecha es-CL de 24 horas, nombre, correo y mensaje, en el orden de la API', async () => {
    mockApi({ 'GET /contactos': { body: MENSAJES } });
    renderAsAdmin('/admin/contacto');
    await findHeading('Mensajes de contacto');
    const table = await screen.findByRole('table', { name: /Mensajes de contacto/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Fecha', 'Nombre', 'Correo', 'Mensaje']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Ana Pérez');
    expect(second).toHaveTextContent('Luis Díaz');
    expect(within(first!).getByText(formatDateTime(MENSAJES[0]!.fechaEnvio))).toHaveAttribute(
      'datetime',
      MENSAJES[0]!.fechaEnvio,
    );
    expect(formatDateTime(MENSAJES[0]!.fechaEnvio)).toBe('05-03-2026, 15:07');
  });

  it('muestra como texto lo que escribió el público, nunca como HTML', async () => {
    mockApi({ 'GET /contactos': { body: MENSAJES } });
    const { container } = renderAsAdmin('/admin/contacto');
    expect(
      await screen.findByText('<img src=x onerror="alert(1)"><b>¿Tienen stock?</b>'),
    ).toBeInTheDocument();
    expect(container.querySelector('main img, main b')).toBeNull();
  });

  it('pagina en el servidor: cuenta todos y pide la página de la dirección', async () => {
    const many = Array.from({ length: 75 }, (_, i) => ({ ...MENSAJES[1]!, id: 200 - i }));
    const { callsTo } = mockApi({ 'GET /contactos': pagedReply(many) });
    renderAsAdmin('/admin/contacto?pagina=2');
    const table = await screen.findByRole('table', { name: /Mensajes de contacto/ });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    expect(screen.getByText('75 mensajes')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas de mensajes' })).toHaveTextContent(
      'Página 2 de 2',
    );
    expect(Object.fromEntries(callsTo('GET', '/contactos')[0]!.query)).toEqual({
      pagina: '2',
      limite: '50',
    });
  });

  it("sin mensajes dice 'No hay mensajes.'", async () => {
    mockApi({ 'GET /contactos': { body: [] } });
    renderAsAdmin('/admin/contacto');
    expect(await screen.findByText('No hay mensajes.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("si no cargan dice 'No se pudieron cargar los mensajes de contacto.'", async () => {
    mockApi({ 'GET /contactos': { status: 404, body: { message: 'No encontrado.' } } });
    renderAsAdmin('/admin/contacto');
    expect(
      await screen.findByText('No se pudieron cargar los mensajes de contacto.'),
    ).toHaveAttribute('role', 'alert');
  });
});

describe('solicitudes de soporte', () => {
  it('muestra ID, fecha, cliente, correo, prioridad, equipo y descripción', async () => {
    mockApi({
      'GET /soporte': {
        body: [solicitud({ id: 4, prioridad: 'CRITICA', equipo: 'PC_ESCRITORIO' })],
      },
    });
    // The spec's table is the desk's 'Vista tabla'.
    renderAsAdmin('/admin/soporte?vista=tabla');
    await findHeading('Solicitudes de soporte');
    const table = await screen.findByRole('table', { name: /Solicitudes de soporte/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Fecha', 'Cliente', 'Correo', 'Prioridad', 'Equipo', 'Descripción']);
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('05-03-2026, 15:07')).toBeInTheDocument();
    expect(within(row!).getByText('PC de escritorio')).toBeInTheDocument();
    expect(within(row!).getByText('El notebook no enciende desde ayer.')).toBeInTheDocument();
    expect(within(row!).getByText('ana.perez@gmail.com')).toBeInTheDocument();
  });

  it.each([
    ['URGENTE', 'badge--danger'],
    ['CRITICA', 'badge--danger'],
    ['ALTA', 'badge--warning'],
    ['NORMAL', 'badge--primary'],
    ['BAJA', 'badge--secondary'],
  ] as const)('la prioridad %s se muestra con %s', async (prioridad, tone) => {
    mockApi({ 'GET /soporte': { body: [solicitud({ prioridad })] } });
    renderAsAdmin('/admin/soporte');
    expect(await screen.findByText(prioridad)).toHaveClass('badge', tone);
  });

  it('pagina en el servidor: cuenta todas y pide la página de la dirección', async () => {
    const many = Array.from({ length: 51 }, (_, i) => solicitud({ id: 100 - i }));
    const { callsTo } = mockApi({ 'GET /soporte': pagedReply(many) });
    renderAsAdmin('/admin/soporte?vista=tabla');
    const table = await screen.findByRole('table', { name: /Solicitudes de soporte/ });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 50);
    expect(screen.getByText('51 solicitudes')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas de solicitudes' })).toHaveTextContent(
      'Página 1 de 2',
    );
    expect(callsTo('GET', '/soporte')[0]?.query.get('pagina')).toBe('1');
  });

  it("sin solicitudes dice 'No hay solicitudes.'", async () => {
    mockApi({ 'GET /soporte': { body: [] } });
    renderAsAdmin('/admin/soporte');
    expect(await screen.findByText('No hay solicitudes.')).toBeInTheDocument();
  });

  it("si no cargan dice 'No se pudieron cargar las solicitudes de soporte.'", async () => {
    mockApi({ 'GET /soporte': { status: 404, body: { message: 'No encontrado.' } } });
    renderAsAdmin('/admin/soporte');
    expect(
      await screen.findByText('No se pudieron cargar las solicitudes de soporte.'),
    ).toHaveAttribute('role', 'alert');
  });
});

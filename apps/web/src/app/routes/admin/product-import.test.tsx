import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InformeImportacion } from '@nexbyte/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHeading, mockApi } from '../../../testing/admin-api';
import { renderAsAdmin } from '../../testing/render-app';

interface Sent {
  url: string;
  archivo: File | null;
  authorization: string | null;
}

/**
 * The browser's XMLHttpRequest, which the import uses for its upload progress (fetch has none):
 * the file goes out in two halves, then the answer given, when the test says so.
 */
function stubUploads(answer: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  let finish: () => void = () => {};
  class FakeXhr {
    status = 0;
    responseText = '';
    private url = '';
    private headers = new Headers();
    private listeners = new Map<string, () => void>();
    private uploadListeners = new Map<string, (e: ProgressEvent) => void>();
    upload = {
      addEventListener: (type: string, fn: (e: ProgressEvent) => void) =>
        this.uploadListeners.set(type, fn),
    };
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    addEventListener(type: string, fn: () => void) {
      this.listeners.set(type, fn);
    }
    send(body: FormData) {
      const archivo = body.get('archivo');
      sent.push({
        url: this.url,
        archivo: archivo instanceof File ? archivo : null,
        authorization: this.headers.get('Authorization'),
      });
      const progress = this.uploadListeners.get('progress');
      progress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      finish = () => {
        progress?.({ lengthComputable: true, loaded: 100, total: 100 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.listeners.get('load')?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, finish: () => finish() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const REPORT: InformeImportacion = {
  total: 3,
  creadas: 1,
  actualizadas: 0,
  sinCambios: 1,
  errores: 1,
  aplicada: false,
  filas: [
    { fila: 2, sku: 'SSD-1', resultado: 'creada' },
    { fila: 3, sku: 'SSD-2', resultado: 'sin_cambios' },
    {
      fila: 4,
      sku: 'SSD-3',
      resultado: 'error',
      motivo: 'La categoría «Discos» no existe.',
    },
  ],
};

const csv = new File(['sku;nombre\nSSD-1;SSD'], 'productos.csv', { type: 'text/csv' });

async function openImport() {
  mockApi({});
  renderAsAdmin('/admin/productos/importar');
  await findHeading('Importar productos');
  return userEvent.setup();
}

describe('admin: importar productos', () => {
  it('asks for a file before sending anything', async () => {
    const uploads = stubUploads({ status: 200, body: REPORT });
    const user = await openImport();
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(screen.getByText('Elige un archivo CSV.')).toBeInTheDocument();
    expect(screen.getByLabelText('Archivo CSV')).toHaveFocus();
    expect(uploads.sent).toHaveLength(0);
  });

  it('a dry run shows the upload progress, then the report with the errors first', async () => {
    const uploads = stubUploads({ status: 200, body: REPORT });
    const user = await openImport();
    await user.upload(screen.getByLabelText('Archivo CSV'), csv);
    await user.click(screen.getByRole('button', { name: 'Simular' }));

    expect(uploads.sent[0]!.url).toBe('/api/productos/importar?simular=1');
    expect(uploads.sent[0]!.archivo?.name).toBe('productos.csv');
    expect(uploads.sent[0]!.authorization).toMatch(/^Bearer /);
    expect(await screen.findByLabelText('Subiendo archivo: 50 %')).toHaveAttribute('value', '50');
    expect(screen.getByText('Subiendo archivo…')).toHaveAttribute('role', 'status');

    uploads.finish();
    expect(
      await screen.findByRole('heading', { name: 'Resultado de la simulación' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Simulación: no se guardó nada. Hay 1 fila con errores.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Resultado por fila' })).getAllByRole(
      'row',
    );
    expect(rows[1]).toHaveTextContent('4SSD-3ErrorLa categoría «Discos» no existe.');
    expect(rows[2]).toHaveTextContent('2SSD-1Nueva');
    expect(rows[3]).toHaveTextContent('3SSD-2Sin cambios');
  });

  it('says nothing was imported when a row failed, and sends validas=1 when asked', async () => {
    const uploads = stubUploads({ status: 200, body: REPORT });
    const user = await openImport();
    await user.upload(screen.getByLabelText('Archivo CSV'), csv);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(uploads.sent[0]!.url).toBe('/api/productos/importar');
    uploads.finish();
    expect(
      await screen.findByText(/^No se importó nada: hay 1 fila con errores\./),
    ).toHaveAttribute('role', 'alert');

    await user.click(
      screen.getByRole('checkbox', {
        name: 'Importar las filas válidas aunque otras tengan errores',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(uploads.sent[1]!.url).toBe('/api/productos/importar?validas=1');
  });

  it("shows the server's reason when it refuses the file", async () => {
    const uploads = stubUploads({
      status: 413,
      body: { message: 'El archivo supera el máximo de 10 MB.' },
    });
    const user = await openImport();
    await user.upload(screen.getByLabelText('Archivo CSV'), csv);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    uploads.finish();
    expect(await screen.findByText('El archivo supera el máximo de 10 MB.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('follows a large import on the server: its progress, then its report', async () => {
    const id = '6f1c2a9e-4b7d-4e21-9a0b-2c3d4e5f6a7b';
    const job = { id, estado: 'en_curso', fase: 'revisando', filas: 0, avance: 0 };
    const uploads = stubUploads({ status: 202, body: job });
    const states = [
      { ...job, filas: 40_000, avance: 0.5 },
      { ...job, estado: 'terminada', fase: 'guardando', filas: 3, avance: 1, informe: REPORT },
    ];
    const api = mockApi({
      [`GET /productos/importaciones/${id}`]: () => ({ body: states.shift() }),
    });
    renderAsAdmin('/admin/productos/importar');
    await findHeading('Importar productos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Archivo CSV'), csv);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    uploads.finish();

    expect(
      await screen.findByLabelText('Revisando filas: 40.000 filas revisadas (50 %)', undefined, {
        timeout: 3000,
      }),
    ).toHaveAttribute('value', '50');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Resultado de la importación' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', `/productos/importaciones/${id}`)).toHaveLength(2);
  });

  it("shows a large import's failure in the server's words", async () => {
    const id = '7f1c2a9e-4b7d-4e21-9a0b-2c3d4e5f6a7b';
    const uploads = stubUploads({
      status: 202,
      body: { id, estado: 'en_curso', fase: 'revisando', filas: 0, avance: 0 },
    });
    mockApi({
      [`GET /productos/importaciones/${id}`]: {
        body: {
          id,
          estado: 'fallida',
          fase: 'revisando',
          filas: 100_000,
          avance: 0.9,
          error: {
            statusCode: 413,
            message: 'El archivo supera el máximo de 100.000 filas de productos.',
          },
        },
      },
    });
    renderAsAdmin('/admin/productos/importar');
    await findHeading('Importar productos');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Archivo CSV'), csv);
    await user.click(screen.getByRole('button', { name: 'Importar' }));
    uploads.finish();
    expect(
      await screen.findByText(
        'El archivo supera el máximo de 100.000 filas de productos.',
        undefined,
        { timeout: 3000 },
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it('downloads the catalogue as CSV with the session token', async () => {
    const api = mockApi({ 'GET /productos/exportar.csv': { body: 'sku;nombre' } });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderAsAdmin('/admin/productos/importar');
    await findHeading('Importar productos');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const [call] = api.callsTo('GET', '/productos/exportar.csv');
    expect(call!.authorization).toMatch(/^Bearer /);
    expect(call!.headers.get('Accept')).toBe('text/csv');
  });
});

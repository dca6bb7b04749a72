import { STORAGE_KEYS, type ImagenProducto } from '@nexbyte/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { PhotoEditor } from './photo-editor';

const photo = (id: number, alt = ''): ImagenProducto => ({
  id,
  url: `/imagenes/${id}-0123456789abcdef.jpg`,
  alt,
  ancho: 1600,
  alto: 1200,
  variantes: [
    { formato: 'avif', ancho: 320, url: `/imagenes/${id}-0123456789abcdef-320.avif` },
    { formato: 'webp', ancho: 320, url: `/imagenes/${id}-0123456789abcdef-320.webp` },
  ],
});

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * XMLHttpRequest as the editor uses it (fetch cannot report upload progress): each send reports
 * half the body sent, then answers with the next planned reply (once its `held` promise settles,
 * when it has one: the test sees the upload in progress however slow the machine is).
 */
function fakeUploads(replies: { status: number; body: unknown; held?: Promise<void> }[]) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private listeners = new EventTarget();
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: EventListener) {
      this.listeners.addEventListener(type, listener);
    }
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      const reply = replies.shift() ?? { status: 500, body: {} };
      const progress = Object.assign(new Event('progress'), {
        lengthComputable: true,
        loaded: 50,
        total: 100,
      });
      setTimeout(() => this.upload.dispatchEvent(progress), 0);
      setTimeout(() => {
        void (reply.held ?? Promise.resolve()).then(() => {
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          this.listeners.dispatchEvent(new Event('load'));
        });
      }, 20);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

function open(photos: ImagenProducto[], handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /productos/7': { body: {} }, ...handlers });
  renderWithProviders(<PhotoEditor productId={7} productName="Mouse G203" photos={photos} />);
  return { api, user: userEvent.setup() };
}

describe('PhotoEditor', () => {
  it('ofrece elegir fotos (también la cámara, accept="image/*") y las sube una a una con su avance', async () => {
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify('tok'));
    let answerFirst!: () => void;
    const sent = fakeUploads([
      { status: 201, body: photo(11), held: new Promise((resolve) => (answerFirst = resolve)) },
      { status: 201, body: photo(12) },
    ]);
    const { user } = open([]);
    expect(screen.getByText(/aún no tiene fotos/)).toBeInTheDocument();
    const input = screen.getByLabelText('Fotos del producto');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('multiple');
    expect(screen.getByRole('button', { name: 'Agregar fotos' })).toBeInTheDocument();

    await user.upload(input, [jpeg('frente.jpg'), jpeg('lado.jpg')]);
    expect(
      await screen.findByRole('progressbar', { name: 'Subiendo frente.jpg' }),
    ).toBeInTheDocument();
    answerFirst();
    const list = await screen.findByRole('list', { name: 'Fotos de Mouse G203, en orden' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/productos/7/imagenes');
    expect(sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect((sent[0]!.body.get('archivo') as File).name).toBe('frente.jpg');
    expect((sent[1]!.body.get('archivo') as File).name).toBe('lado.jpg');
    expect(await screen.findByText('Foto subida: lado.jpg.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('muestra en español por qué el servidor rechazó una foto, y deja descartar el aviso', async () => {
    fakeUploads([
      { status: 415, body: { message: 'El archivo no es una imagen JPEG, PNG, WebP o AVIF.' } },
    ]);
    const { user } = open([]);
    await user.upload(screen.getByLabelText('Fotos del producto'), jpeg('notas.jpg'));
    expect(
      await screen.findByText('El archivo no es una imagen JPEG, PNG, WebP o AVIF.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByText('notas.jpg')).not.toBeInTheDocument();
  });

  it('acepta fotos soltadas sobre la zona de arrastre', async () => {
    const sent = fakeUploads([{ status: 201, body: photo(21) }]);
    open([]);
    const zone = screen.getByText(/Arrastra fotos aquí/).parentElement!;
    const file = jpeg('soltada.jpg');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByRole('img', { name: 'Foto 1' })).toBeInTheDocument();
  });

  it('reordena con botones y guarda el orden con el texto alternativo de cada foto', async () => {
    const { api, user } = open([photo(1, 'Frente'), photo(2, 'Lado')], {
      'PUT /productos/7/imagenes': (call) => {
        const { imagenes } = call.body as { imagenes: { id: number; alt: string }[] };
        return { body: imagenes.map((i) => photo(i.id, i.alt)) };
      },
    });
    expect(screen.getByRole('button', { name: 'Mover antes la foto 1 de 2' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mover después la foto 1 de 2' }));
    await waitFor(() => expect(api.callsTo('PUT', '/productos/7/imagenes')).toHaveLength(1));
    expect(api.callsTo('PUT', '/productos/7/imagenes')[0]!.body).toEqual({
      imagenes: [
        { id: 2, alt: 'Lado' },
        { id: 1, alt: 'Frente' },
      ],
    });
    const items = within(screen.getByRole('list', { name: /en orden/ })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('img')).toHaveAccessibleName('Lado');
    expect(await screen.findByText('Foto 1 movida a la posición 2 de 2.')).toBeInTheDocument();
  });

  it('reordena arrastrando una foto sobre otra', async () => {
    const { api } = open([photo(1, 'Frente'), photo(2, 'Lado'), photo(3, 'Atrás')], {
      'PUT /productos/7/imagenes': (call) => ({
        body: (call.body as { imagenes: { id: number; alt: string }[] }).imagenes.map((i) =>
          photo(i.id, i.alt),
        ),
      }),
    });
    const items = within(screen.getByRole('list', { name: /en orden/ })).getAllByRole('listitem');
    const dataTransfer = { effectAllowed: '', types: [] as string[] };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    await waitFor(() => expect(api.callsTo('PUT', '/productos/7/imagenes')).toHaveLength(1));
    expect(
      (
        api.callsTo('PUT', '/productos/7/imagenes')[0]!.body as { imagenes: { id: number }[] }
      ).imagenes.map((i) => i.id),
    ).toEqual([3, 1, 2]);
  });

  it('guarda el texto alternativo al salir del campo', async () => {
    const { api, user } = open([photo(1)], {
      'PUT /productos/7/imagenes': { body: [photo(1, 'Vista frontal')] },
    });
    const alt = screen.getByRole('textbox', { name: 'Texto alternativo (foto 1 de 1)' });
    await user.type(alt, '  Vista frontal ');
    await user.tab();
    await waitFor(() => expect(api.callsTo('PUT', '/productos/7/imagenes')).toHaveLength(1));
    expect(api.callsTo('PUT', '/productos/7/imagenes')[0]!.body).toEqual({
      imagenes: [{ id: 1, alt: 'Vista frontal' }],
    });
    expect(await screen.findByText('Texto alternativo de la foto 1 guardado.')).toBeInTheDocument();
  });

  it('guarda dos textos seguidos uno tras otro, y el segundo lleva los dos', async () => {
    let answerFirst!: () => void;
    const held = new Promise<void>((resolve) => (answerFirst = resolve));
    const echo = (call: { body: unknown }) => ({
      body: (call.body as { imagenes: { id: number; alt: string }[] }).imagenes.map((i) =>
        photo(i.id, i.alt),
      ),
    });
    let calls = 0;
    const { api, user } = open([photo(1), photo(2)], {
      'PUT /productos/7/imagenes': async (call) => {
        calls += 1;
        if (calls === 1) await held;
        return echo(call);
      },
    });
    await user.type(
      screen.getByRole('textbox', { name: 'Texto alternativo (foto 1 de 2)' }),
      'Roja',
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Texto alternativo (foto 2 de 2)' }),
      'Azul',
    );
    await user.tab();
    // The second save waits for the first: only one request is out.
    await waitFor(() => expect(api.callsTo('PUT', '/productos/7/imagenes')).toHaveLength(1));
    answerFirst();
    await waitFor(() => expect(api.callsTo('PUT', '/productos/7/imagenes')).toHaveLength(2));
    expect(api.callsTo('PUT', '/productos/7/imagenes')[1]!.body).toEqual({
      imagenes: [
        { id: 1, alt: 'Roja' },
        { id: 2, alt: 'Azul' },
      ],
    });
    expect(await screen.findByText('Texto alternativo de la foto 2 guardado.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Texto alternativo (foto 2 de 2)' })).toHaveValue(
      'Azul',
    );
  });

  it('quita una foto después de confirmarlo', async () => {
    const { api, user } = open([photo(1, 'Frente'), photo(2, 'Lado')], {
      'DELETE /productos/7/imagenes/1': { status: 204 },
    });
    await user.click(screen.getByRole('button', { name: 'Quitar la foto 1 de 2' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Quitar esta foto?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar foto' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/productos/7/imagenes/1')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: /en orden/ })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Foto quitada.')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiFetchBlob } from './api-client';
import { jsonResponse } from '../testing/json-response';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function sentHeaders(): Headers {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

describe('apiFetch', () => {
  it('pide /api + la ruta y devuelve el JSON de la respuesta', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: 1, nombre: 'Teclado' }]));

    await expect(apiFetch('/productos')).resolves.toEqual([{ id: 1, nombre: 'Teclado' }]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/productos',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('agrega Authorization: Bearer con el token guardado', async () => {
    localStorage.setItem('nexbyte_token', 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse(200, []));

    await apiFetch('/usuarios');

    expect(sentHeaders().get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('envía el cuerpo como JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 9 }));

    await apiFetch('/contactos', {
      method: 'POST',
      body: { nombre: 'Ana', email: 'ana@gmail.com', mensaje: 'Hola' },
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"nombre":"Ana","email":"ana@gmail.com","mensaje":"Hola"}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });

  it('un 4xx lanza ApiError con el estado, el mensaje y los errores por campo del servidor', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Revisa los datos.',
        errors: { correo: 'Formato de correo inválido.' },
      }),
    );

    const error = await apiFetch('/auth/registro', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Revisa los datos.',
      errors: { correo: 'Formato de correo inválido.' },
    });
  });

  it('sin mensaje del servidor usa el mensaje por defecto', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));

    await expect(apiFetch('/productos')).rejects.toMatchObject({
      status: 502,
      message: 'Error de conexión con el servidor.',
      errors: undefined,
    });
  });

  it('sin conexión lanza ApiError con estado 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(apiFetch('/productos')).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      message: 'Error de conexión con el servidor.',
    });
  });

  it('una petición cancelada rechaza con el aborto, no con ApiError', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('Aborted', 'AbortError'));

    const error = await apiFetch('/productos', { signal: controller.signal }).catch(
      (e: unknown) => e,
    );

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('un 204 resuelve a undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiFetch('/usuarios/3', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('apiFetchBlob', () => {
  it('descarga un archivo con el token y el tipo pedido', async () => {
    localStorage.setItem('nexbyte_token', 'abc.def.ghi');
    fetchMock.mockResolvedValue(
      new Response('correo\r\nana@gmail.com\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    );

    const file = await apiFetchBlob('/newsletter/suscriptores.csv', 'text/csv');

    expect(await file.text()).toBe('correo\r\nana@gmail.com\r\n');
    expect(fetchMock).toHaveBeenCalledWith('/api/newsletter/suscriptores.csv', expect.anything());
    expect(sentHeaders().get('Accept')).toBe('text/csv');
    expect(sentHeaders().get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('un 403 lanza ApiError con el mensaje del servidor', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { message: 'No tienes permiso para realizar esta acción.' }),
    );

    const error = await apiFetchBlob('/newsletter/suscriptores.csv', 'text/csv').catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'No tienes permiso para realizar esta acción.',
    });
  });
});

import { crc32, deflateSync } from 'node:zlib';
import type { ImagenProducto, Producto } from '@nexbyte/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_USUARIO } from '../../test/payloads';
import { bearer, createTestApp, type TestContext } from '../../test/test-app';
import { attachDemoPhotos, DEMO_PHOTOS } from './demo-photos';
import { VARIANT_WIDTHS } from './image-processing';

let t: TestContext;
let vendorToken: string;
let productId: number;
beforeAll(async () => {
  // A small limit, so that the oversize case needs no 8 MB buffer.
  t = await createTestApp({ IMAGE_MAX_BYTES: String(600 * 1024) });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios',
    headers: bearer(t.adminToken),
    payload: VALID_USUARIO,
  });
  expect(created.statusCode).toBe(201);
  vendorToken = await t.login({ correo: VALID_USUARIO.correo, pass: VALID_USUARIO.pass });
  const list = await t.app.inject({ method: 'GET', url: '/api/productos?limite=1' });
  productId = list.json<Producto[]>()[0]!.id;
});
afterAll(() => t.close());

/** A photo-like picture: gradients and shapes, so encoders have something to work on. */
const drawing = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#a8dadc"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#e63946"/>
    </svg>`,
  );

const picture = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 1200, height = 900) =>
  sharp(drawing(width, height)).toFormat(format).toBuffer();

function multipart(bytes: Buffer, filename: string, field = 'archivo', type = 'image/jpeg') {
  const boundary = `----nexbyte${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (
  bytes: Buffer,
  token: string | null = t.adminToken,
  filename = 'foto.jpg',
  id = productId,
) => {
  const body = multipart(bytes, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/productos/${id}/imagenes`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
};

const product = async (id = productId) =>
  (await t.app.inject({ method: 'GET', url: `/api/productos/${id}` })).json<Producto>();

const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const removeAll = async () => {
  for (const photo of (await product()).imagenes) {
    await t.app.inject({
      method: 'DELETE',
      url: `/api/productos/${productId}/imagenes/${photo.id}`,
      headers: bearer(t.adminToken),
    });
  }
};

describe('POST /api/productos/{id}/imagenes', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ] as const)(
    'acepta un %s, lo guarda en su formato y lo sirve con sus variantes',
    async (format, mime, ext) => {
      const res = await upload(await picture(format), t.adminToken, `foto.${ext}`);
      expect(res.statusCode).toBe(201);
      const photo = res.json<ImagenProducto>();
      expect(photo).toMatchObject({ ancho: 1200, alto: 900, alt: '' });
      expect(photo.url).toMatch(new RegExp(`^/imagenes/${photo.id}-[0-9a-f]{16}\\.${ext}$`));
      const file = await fetchFile(photo.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect((await sharp(file.rawPayload).metadata()).format).toBe(
        format === 'avif' ? 'heif' : format,
      );
    },
  );

  it('hace variantes WebP y AVIF a 320, 640 y 1024 px, del ancho y tipo que dicen', async () => {
    const photo = (await upload(await picture('jpeg', 1600, 1200))).json<ImagenProducto>();
    expect(photo.variantes.map((v) => `${v.formato}@${v.ancho}`).sort()).toEqual(
      VARIANT_WIDTHS.flatMap((w) => [`avif@${w}`, `webp@${w}`]).sort(),
    );
    for (const variant of photo.variantes) {
      const file = await fetchFile(variant.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(`image/${variant.formato}`);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.width).toBe(variant.ancho);
      expect(meta.height).toBe(Math.round((variant.ancho * 1200) / 1600));
      expect(meta.format).toBe(variant.formato === 'avif' ? 'heif' : 'webp');
    }
  });

  it('nunca agranda una foto: una de 500 px tiene variantes de 320 y 500', async () => {
    const photo = (await upload(await picture('png', 500, 400))).json<ImagenProducto>();
    expect([...new Set(photo.variantes.map((v) => v.ancho))].sort((a, b) => a - b)).toEqual([
      320, 500,
    ]);
  });

  it('quita el EXIF con la ubicación GPS y endereza la foto según su orientación', async () => {
    const withGps = await sharp(drawing(1200, 900))
      .jpeg()
      .withExif({
        IFD0: { Make: 'CamaraPrueba' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 5/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withGps).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.includes(Buffer.from('CamaraPrueba'))).toBe(true);
    // The GPS IFD's pointer tag (0x8825, little-endian): the location is in the upload.
    expect(sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload(withGps);
    expect(res.statusCode).toBe(201);
    const photo = res.json<ImagenProducto>();
    // Orientation 6 is a quarter turn: the stored photo stands upright, taller than wide.
    expect({ ancho: photo.ancho, alto: photo.alto }).toEqual({ ancho: 900, alto: 1200 });
    for (const url of [photo.url, ...photo.variantes.map((v) => v.url)]) {
      const bytes = (await fetchFile(url)).rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from('Exif\0'))).toBe(false);
      expect(bytes.includes(Buffer.from('CamaraPrueba'))).toBe(false);
    }
  });

  it('rechaza con 415 un texto renombrado .jpg, y con el mensaje en español', async () => {
    const res = await upload(
      Buffer.from('esto no es una foto, solo texto\n'.repeat(20)),
      t.adminToken,
      'foto.jpg',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('El archivo no es una imagen JPEG, PNG, WebP o AVIF.');
  });

  it('rechaza con 415 un GIF y un JPEG truncado', async () => {
    const gif = await sharp(drawing(100, 100)).gif().toBuffer();
    expect((await upload(gif, t.adminToken, 'foto.gif')).statusCode).toBe(415);
    const jpeg = await picture('jpeg');
    const truncated = await upload(jpeg.subarray(0, 200));
    expect(truncated.statusCode).toBe(415);
    expect(truncated.json().message).toMatch(/dañado|no es una imagen/);
  });

  it('rechaza con 413 una foto sobre el límite (IMAGE_MAX_BYTES), en español', async () => {
    const noise = await sharp({
      create: {
        width: 1400,
        height: 1400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(600 * 1024);
    const res = await upload(noise, t.adminToken, 'grande.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La foto pesa demasiado: el máximo es 600 KB.');
  });

  it('pide el campo archivo en un multipart, y 404 para un producto que no existe', async () => {
    const wrongField = multipart(await picture('jpeg'), 'foto.jpg', 'foto');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/productos/${productId}/imagenes`,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, ...bearer(t.adminToken) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/archivo/);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/productos/${productId}/imagenes`,
      payload: { archivo: 'x' },
      headers: bearer(t.adminToken),
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(await picture('jpeg'), t.adminToken, 'f.jpg', 999_999)).statusCode).toBe(
      404,
    );
  });

  it('deja subir a ADMIN y VENDOR; CLIENT recibe 403 y sin sesión 401', async () => {
    const jpeg = await picture('jpeg', 400, 300);
    expect((await upload(jpeg, null)).statusCode).toBe(401);
    expect((await upload(jpeg, t.clientToken)).statusCode).toBe(403);
    expect((await upload(jpeg, vendorToken)).statusCode).toBe(201);
  });
});

describe('fotos en el JSON del producto y su orden', () => {
  it('imagen es la primera foto; PUT cambia el orden y el alt; DELETE la quita', async () => {
    await removeAll();
    const before = await product();
    expect(before.imagenes).toEqual([]);
    expect(before.imagen).toMatch(/^\/img\/categorias\//);

    const a = (await upload(await picture('jpeg', 800, 600))).json<ImagenProducto>();
    const b = (await upload(await picture('png', 640, 480))).json<ImagenProducto>();
    let shown = await product();
    expect(shown.imagenes.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(shown.imagen).toBe(a.url);

    const put = (imagenes: { id: number; alt: string }[], token = vendorToken) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/productos/${productId}/imagenes`,
        headers: bearer(token),
        payload: { imagenes },
      });
    const reordered = await put([
      { id: b.id, alt: 'Vista frontal' },
      { id: a.id, alt: '  Vista lateral  ' },
    ]);
    expect(reordered.statusCode).toBe(200);
    shown = await product();
    expect(shown.imagenes.map((i) => [i.id, i.alt])).toEqual([
      [b.id, 'Vista frontal'],
      [a.id, 'Vista lateral'],
    ]);
    expect(shown.imagen).toBe(b.url);
    // The list shows the same as the product's page: the catalogue cache was cleared by the write.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/productos?limite=100' })).json<
      Producto[]
    >();
    expect(listed.find((p) => p.id === productId)!.imagen).toBe(b.url);

    expect((await put([{ id: a.id, alt: '' }])).statusCode).toBe(400);
    expect(
      (
        await put([
          { id: a.id, alt: '' },
          { id: a.id, alt: '' },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await put([
          { id: b.id, alt: 'x'.repeat(201) },
          { id: a.id, alt: '' },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await put(
          [
            { id: b.id, alt: '' },
            { id: a.id, alt: '' },
          ],
          t.clientToken,
        )
      ).statusCode,
    ).toBe(403);

    const del = (id: number, token: string | null = t.adminToken) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/productos/${productId}/imagenes/${id}`,
        headers: token ? bearer(token) : {},
      });
    expect((await del(b.id, null)).statusCode).toBe(401);
    expect((await del(b.id, t.clientToken)).statusCode).toBe(403);
    expect((await del(b.id)).statusCode).toBe(204);
    expect((await del(b.id)).statusCode).toBe(404);
    expect((await fetchFile(b.url)).statusCode).toBe(404);
    expect((await fetchFile(b.variantes[0]!.url)).statusCode).toBe(404);
    shown = await product();
    expect(shown.imagenes.map((i) => i.id)).toEqual([a.id]);
    expect(shown.imagen).toBe(a.url);
    await removeAll();
    expect((await product()).imagen).toBe(before.imagen);
  });

  it('una página de productos trae las fotos de cada uno', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/productos?limite=3' })).json<
      Producto[]
    >();
    const [first, second] = list;
    const p1 = (
      await upload(await picture('jpeg', 400, 300), t.adminToken, 'a.jpg', first!.id)
    ).json<ImagenProducto>();
    const p2 = (
      await upload(await picture('webp', 400, 300), t.adminToken, 'b.webp', second!.id)
    ).json<ImagenProducto>();
    const again = (await t.app.inject({ method: 'GET', url: '/api/productos?limite=3' })).json<
      Producto[]
    >();
    expect(again[0]!.imagenes.map((i) => i.id)).toContain(p1.id);
    expect(again[1]!.imagenes.map((i) => i.id)).toEqual([p2.id]);
    expect(again[1]!.imagen).toBe(p2.url);
    const search = (
      await t.app.inject({
        method: 'GET',
        url: `/api/productos?q=${encodeURIComponent(second!.nombre)}`,
      })
    ).json<Producto[]>();
    expect(search.find((p) => p.id === second!.id)!.imagenes.map((i) => i.id)).toEqual([p2.id]);
  });
});

describe('GET /imagenes/…', () => {
  it('sirve los bytes con caché inmutable, ETag y 304', async () => {
    const photo = (await upload(await picture('jpeg', 700, 500))).json<ImagenProducto>();
    const res = await fetchFile(photo.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Public catalogue photos: other sites' pages (partners, marketplaces) may show them.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{16}-o-jpeg"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const again = await fetchFile(photo.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const variant = await fetchFile(photo.variantes[0]!.url);
    expect(variant.headers.etag).not.toBe(etag);
  });

  it('responde 404 a un nombre mal formado, a una huella que no es la suya o a otro ancho', async () => {
    const photo = (await upload(await picture('jpeg', 700, 500))).json<ImagenProducto>();
    const wrongHash = photo.url.replace(/-([0-9a-f]{16})\./, '-0000000000000000.');
    const variant = photo.variantes[0]!;
    for (const url of [
      '/imagenes/nada.jpg',
      '/imagenes/../../etc/passwd',
      wrongHash,
      photo.url.replace('.jpg', '.png'),
      variant.url.replace(`-${variant.ancho}.`, '-999.'),
      `/imagenes/${photo.id}-${photo.url.split('-')[1]!.slice(0, 16)}-320.jpg`,
    ]) {
      expect((await fetchFile(url)).statusCode, url).toBe(404);
    }
  });
});

describe('fotos de la demostración', () => {
  it('dibujos del repositorio, como JPEG de cámara, guardados con sus variantes y su alt', async () => {
    expect(await attachDemoPhotos(t.app.db)).toBe(
      DEMO_PHOTOS.reduce((n, p) => n + p.fotos.length, 0),
    );
    // A second run leaves them as they are.
    expect(await attachDemoPhotos(t.app.db)).toBe(0);
    const list = (await t.app.inject({ method: 'GET', url: '/api/productos?limite=100' })).json<
      Producto[]
    >();
    const mouse = list.find((p) => p.nombre === DEMO_PHOTOS[0]!.producto)!;
    expect(mouse.imagenes.map((i) => i.alt)).toEqual(DEMO_PHOTOS[0]!.fotos.map((f) => f.alt));
    expect(mouse.imagenes[0]).toMatchObject({ ancho: 1600, alto: 1200 });
    expect(mouse.imagen).toBe(mouse.imagenes[0]!.url);
    const file = await fetchFile(
      mouse.imagenes[0]!.variantes.find((v) => v.formato === 'avif')!.url,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/avif');
  });
});

/**
 * A PNG written by hand: one grey column `height` px tall. Its pixels (two bytes a row) deflate
 * to almost nothing: 1 × 39,999,999 px is some 77 KB, under the 40-megapixel bound.
 */
function tallPng(height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(2 * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('fotos de medidas o proceso desmedidos', () => {
  let tall: Buffer;
  beforeAll(() => {
    tall = tallPng(39_999_999);
    expect(tall.length).toBeLessThan(100 * 1024);
  });

  it('rechaza con 413, desde su cabecera, una de 1 × 39.999.999 px, y nombra el límite', async () => {
    await removeAll();
    const res = await upload(tall, t.adminToken, 'alta.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'La imagen es demasiado grande: cada lado puede medir hasta 10.000 px y esta mide 1 × 39.999.999 px.',
    );
    expect((await product()).imagenes).toEqual([]);
    // A photo of ordinary size still goes in.
    expect((await upload(await picture('jpeg'))).statusCode).toBe(201);
  });

  describe('con un límite de tiempo de 1 s y lados sin acotar (IMAGE_TIME_LIMIT_SECONDS)', () => {
    let slow: TestContext;
    let id: number;
    beforeAll(async () => {
      slow = await createTestApp({ IMAGE_MAX_SIDE: '40000000', IMAGE_TIME_LIMIT_SECONDS: '1' });
      const list = await slow.app.inject({ method: 'GET', url: '/api/productos?limite=1' });
      id = list.json<Producto[]>()[0]!.id;
    });
    afterAll(() => slow.close());

    const send = (bytes: Buffer, filename: string) => {
      const body = multipart(bytes, filename);
      return slow.app.inject({
        method: 'POST',
        url: `/api/productos/${id}/imagenes`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(slow.adminToken) },
      });
    };

    it('corta con 503 y Retry-After la que pasa del tiempo, y sigue recibiendo fotos', async () => {
      // Decoding its 40 million rows takes seconds of CPU: far past one second anywhere.
      const res = await send(tall, 'alta.png');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe(
        'No alcanzamos a procesar la foto en 1 segundo, el máximo: inténtalo de nuevo en un momento o usa una imagen más pequeña.',
      );
      const stored = await slow.app.inject({ method: 'GET', url: `/api/productos/${id}` });
      expect(stored.json<Producto>().imagenes).toEqual([]);
      // Its turn was given back: the next photo, a tiny one well within the second, goes in.
      expect((await send(await picture('jpeg', 32, 24), 'foto.jpg')).statusCode).toBe(201);
    });
  });
});

import { productoSchema } from '@nexbyte/shared';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './response-serializer';

const producto = {
  id: 7,
  nombre: 'Procesador Ryzen 5 7600',
  descripcion: null,
  precio: 189990,
  imagen: '/api/imagenes/3.webp',
  stock: 4,
  activo: true,
  categoria: { id: 2, nombre: 'Componentes' },
  marca: 'AMD',
  sku: 'CPU-7600',
  especificaciones: [{ nombre: 'Núcleos', valor: '6' }],
  componente: { tipo: 'PROCESADOR', socket: 'AM5', nucleos: 6, tdpW: 88, graficosIntegrados: true },
  precioNormal: 209990,
  oferta: { precio: 189990, desde: '2026-11-01T03:00:00.000Z', hasta: '2026-12-01T03:00:00.000Z' },
  imagenes: [
    {
      id: 3,
      url: '/api/imagenes/3.webp',
      alt: 'Procesador en su caja',
      ancho: 1200,
      alto: 900,
      variantes: [{ formato: 'avif', ancho: 400, url: '/api/imagenes/3-400.avif' }],
    },
  ],
  createdAt: '2026-10-02T14:00:00.000Z',
};

describe('the response serializer', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  const listSchema = z.array(productoSchema);
  let answer: unknown = [];
  app.get('/productos', { schema: { response: { 200: listSchema } } }, () => answer as never);
  const cuentaSchema = z.object({ id: z.number(), correo: z.string() });
  app.get('/cuenta', { schema: { response: { 200: cuentaSchema } } }, () => ({
    id: 1,
    correo: 'ana@example.cl',
    passwordHash: '$argon2id$v=19$secreto',
  }));

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('writes what zod encodes for the schema, byte for byte', async () => {
    answer = [producto, { ...producto, id: 8, componente: undefined, oferta: null }];
    const res = await app.inject('/productos');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(z.encode(listSchema, answer as never)));
    expect(res.json()[0].componente).toEqual(producto.componente);
  });

  it('sends only the keys the schema declares', async () => {
    const res = await app.inject('/cuenta');
    expect(res.json()).toEqual({ id: 1, correo: 'ana@example.cl' });
    expect(res.body).not.toContain('argon2id');
  });

  it('refuses an answer that breaks its schema instead of sending it', async () => {
    answer = [{ ...producto, precio: 'gratis', nota: 'interna' }];
    const res = await app.inject('/productos');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('interna');
  });
});

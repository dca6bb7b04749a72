import type { Armado, Producto } from '@nexbyte/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildQueryOptions } from '../../features/pc-builder/api/get-build';
import { headForRequest } from './head-for-request';

const ctx = { publicUrl: 'https://tienda.nexbyte.cl' };

const part = (id: number, nombre: string, precio: number, foto?: string): Producto => ({
  id,
  nombre,
  descripcion: null,
  precio,
  imagen: foto ?? '/img/categorias/componentes.svg',
  stock: 4,
  activo: true,
  categoria: { id: 2, nombre: 'Componentes' },
  marca: null,
  sku: `NB-${id}`,
  especificaciones: [],
  imagenes: foto
    ? [{ id, url: foto, alt: `${nombre} de frente`, ancho: 1200, alto: 900, variantes: [] }]
    : [],
  createdAt: '2026-01-10T12:00:00.000Z',
});

const armado = (piezas: Producto[], titulo: string | null = null): Armado => ({
  codigo: 'AbCdEfGhIjKlMnOp',
  titulo,
  piezas,
  piezasNoDisponibles: 0,
  total: piezas.reduce((s, p) => s + p.precio, 0),
  revision: {
    incompatibilidades: [],
    advertencias: [],
    consumoEstimadoW: 0,
    fuenteRecomendadaW: 0,
  },
  createdAt: '2026-11-29T12:00:00.000Z',
});

function headOf(build: Armado | 'missing') {
  const queryClient = new QueryClient();
  if (build !== 'missing')
    queryClient.setQueryData(buildQueryOptions(build.codigo).queryKey, build);
  return headForRequest(new URL('https://tienda.nexbyte.cl/arma-tu-pc/b/AbCdEfGhIjKlMnOp'), {
    ...ctx,
    queryClient,
  });
}

describe('la página de un armado compartido', () => {
  it('se previsualiza con sus piezas, su total y la foto de la primera pieza que tiene una', () => {
    const head = headOf(
      armado(
        [
          part(1, 'Procesador AMD Ryzen 5 7600', 189990),
          part(2, 'Placa madre MSI B650', 229990, '/imagenes/2/original.jpg'),
        ],
        'PC gamer hasta $800.000',
      ),
    )!;
    expect(head.title).toBe('PC gamer hasta $800.000 | Nexbyte');
    expect(head.openGraph.description).toBe(
      '2 piezas por $419.980: Procesador AMD Ryzen 5 7600, Placa madre MSI B650.',
    );
    expect(head.openGraph.image).toBe('https://tienda.nexbyte.cl/imagenes/2/original.jpg');
    expect(head.openGraph.imageAlt).toBe('Placa madre MSI B650 de frente');
    expect(head.canonical).toBe('https://tienda.nexbyte.cl/arma-tu-pc/b/AbCdEfGhIjKlMnOp');
    expect(head.noindex).toBe(false);
  });

  it('sin fotos de piezas usa la imagen de la tienda; sin título, "Armado de PC compartido"', () => {
    const head = headOf(armado([part(1, 'Procesador AMD Ryzen 5 7600', 189990)]))!;
    expect(head.title).toBe('Armado de PC compartido | Nexbyte');
    expect(head.openGraph.image).toBe('https://tienda.nexbyte.cl/img/compartir.png');
  });

  it('mientras el armado no llega no se marca como página inexistente', () => {
    const head = headOf('missing')!;
    expect(head.title).toBe('Armado de PC compartido | Nexbyte');
    expect(head.noindex).toBe(false);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildProducto, mockCatalogApi, pagedProducts } from '../../testing/catalog-api';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { createQueryClient } from '../../lib/query-client';
import { renderApp } from '../testing/render-app';
import { PUBLIC_URL_META, renderHeadForRequest } from './head-for-request';
import { HEAD_MARKER } from './page-head';

const PUBLIC_URL = 'https://tienda.nexbyte.cl';
const product = buildProducto({
  id: 7,
  nombre: 'SSD Kingston NV2 1TB',
  precio: 54990,
  stock: 4,
  marca: 'Kingston',
  sku: 'KNG-NV2-1TB',
  descripcion: 'Unidad NVMe PCIe 4.0.',
  categoria: { id: 3, nombre: 'Almacenamiento' },
});

const owned = () => [...document.head.querySelectorAll(`[${HEAD_MARKER}]`)];
const metaContent = (key: string) =>
  document.head
    .querySelector<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)
    ?.getAttribute('content');
const canonical = () =>
  document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

beforeEach(() => {
  // As the server names PUBLIC_URL in the page it renders.
  const meta = document.createElement('meta');
  meta.name = PUBLIC_URL_META;
  meta.content = PUBLIC_URL;
  document.head.append(meta);
});

afterEach(() => {
  // Unmount first: React removes the titles it hoisted itself.
  cleanup();
  document.head.replaceChildren();
});

describe('RouteHead', () => {
  it('a product page gets the same head the server writes for it', async () => {
    mockCatalogApi({ 'GET /productos/:id': { body: product } });
    renderApp('/productos/detalle/7');
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    await waitFor(() => expect(document.title).toBe('SSD Kingston NV2 1TB | Nexbyte'));

    const serverCache = new QueryClient();
    serverCache.setQueryData(productQueryOptions(7).queryKey, product);
    const template = document.createElement('template');
    template.innerHTML = renderHeadForRequest('/productos/detalle/7', {
      publicUrl: PUBLIC_URL,
      queryClient: serverCache,
    });
    const fromServer = [...template.content.querySelectorAll(`[${HEAD_MARKER}]`)];
    expect(owned().map((e) => e.outerHTML)).toEqual(fromServer.map((e) => e.outerHTML));

    expect(canonical()).toBe(`${PUBLIC_URL}/productos/detalle/7`);
    expect(metaContent('product:price:amount')).toBe('54990');
    const jsonLd = owned()
      .filter((e) => e.tagName === 'SCRIPT')
      .map((e) => JSON.parse(e.textContent ?? '') as { '@type': string });
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
  });

  it('the head the server wrote is kept as it is when the page starts, not written again', async () => {
    const serverCache = new QueryClient();
    serverCache.setQueryData(productQueryOptions(7).queryKey, product);
    document.head.insertAdjacentHTML(
      'afterbegin',
      renderHeadForRequest('/productos/detalle/7', {
        publicUrl: PUBLIC_URL,
        queryClient: serverCache,
      }),
    );
    const fromServer = owned();
    expect(fromServer.length).toBeGreaterThan(10);

    mockCatalogApi({ 'GET /productos/:id': { body: product } });
    // The browser starts with the product the server rendered the page with.
    const browserCache = createQueryClient();
    browserCache.setQueryData(productQueryOptions(7).queryKey, product);
    renderApp('/productos/detalle/7', browserCache);
    await screen.findByRole('heading', { level: 1, name: 'SSD Kingston NV2 1TB' });
    expect(document.title).toBe('SSD Kingston NV2 1TB | Nexbyte');
    // The very elements the server wrote, none removed and put back.
    expect(owned()).toEqual(fromServer);
    expect(owned().every((element, i) => element === fromServer[i])).toBe(true);
  });

  it('client navigation replaces the previous page head instead of adding to it', async () => {
    mockCatalogApi({
      'GET /productos': pagedProducts([product]),
      'GET /productos/:id': { body: product },
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(document.title).toBe('Nexbyte | Tecnología y mantención de PC'));
    expect(owned().filter((e) => e.tagName === 'SCRIPT')).toHaveLength(2);

    await act(() => router.navigate('/nosotros'));
    await waitFor(() => expect(document.title).toBe('Nosotros | Nexbyte'));
    expect(canonical()).toBe(`${PUBLIC_URL}/nosotros`);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(owned().filter((e) => e.tagName === 'SCRIPT')).toHaveLength(0);

    await act(() => router.navigate('/productos?categoria=Almacenamiento&pagina=2'));
    await waitFor(() => expect(metaContent('robots')).toBe('noindex, follow'));
    expect(canonical()).toBe(`${PUBLIC_URL}/productos?categoria=Almacenamiento`);
  });

  it('an unknown product gets the 404 head: noindex, no canonical', async () => {
    mockCatalogApi({ 'GET /productos/:id': { status: 404, body: { message: 'No encontrado.' } } });
    renderApp('/productos/detalle/99999999');
    await waitFor(() => expect(document.title).toBe('Página no encontrada | Nexbyte'));
    expect(metaContent('robots')).toBe('noindex, follow');
    expect(canonical()).toBeNull();
  });

  it('screens outside the public shop keep no shop head', async () => {
    mockCatalogApi({});
    const { router } = renderApp('/nosotros');
    await waitFor(() => expect(document.title).toBe('Nosotros | Nexbyte'));
    await act(() => router.navigate('/recuperar'));
    await waitFor(() => expect(owned()).toHaveLength(0));
    expect(document.title).not.toBe('Nosotros | Nexbyte');
  });
});

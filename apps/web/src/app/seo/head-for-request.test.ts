import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../features/blog/posts';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { buildProducto } from '../../testing/catalog-api';
import { headForRequest, renderHeadForRequest } from './head-for-request';

const publicUrl = 'https://tienda.nexbyte.cl';

function headAt(path: string, queryClient = new QueryClient()) {
  return headForRequest(new URL(path, publicUrl), { publicUrl, queryClient });
}

describe('headForRequest', () => {
  it('gives each public page its own title', () => {
    expect(headAt('/')?.title).toBe('Nexbyte | Tecnología y mantención de PC');
    expect(headAt('/productos')?.title).toBe('Productos | Nexbyte');
    expect(headAt('/blogs')?.title).toBe('Blog | Nexbyte');
    expect(headAt('/garantias/')?.title).toBe('Garantías | Nexbyte');
    expect(headAt(`/blog/${BLOG_POSTS[1]!.id}`)?.title).toBe(`${BLOG_POSTS[1]!.title} | Nexbyte`);
  });

  it('reads the product from the query cache the page was prefetched into', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      productQueryOptions(5).queryKey,
      buildProducto({ id: 5, nombre: 'Teclado Redragon Kumara' }),
    );
    expect(headAt('/productos/detalle/5', queryClient)?.title).toBe(
      'Teclado Redragon Kumara | Nexbyte',
    );
  });

  it('an unknown route, post or product, or a product that failed to load, gets the 404 head', async () => {
    const queryClient = new QueryClient();
    await queryClient
      .fetchQuery({
        ...productQueryOptions(9),
        queryFn: () => Promise.reject(new Error('404')),
        retry: false,
      })
      .catch(() => undefined);
    for (const path of [
      '/no-existe',
      '/blog/no-existe',
      '/productos/detalle/abc',
      '/productos/detalle/9',
      '/productos/detalle/%E0%A4%A',
    ]) {
      expect(headAt(path, queryClient)).toMatchObject({
        title: 'Página no encontrada | Nexbyte',
        noindex: true,
        canonical: null,
      });
    }
  });

  it('leaves the admin area, the account and an order to their own titles', () => {
    for (const path of ['/admin', '/admin/productos', '/cuenta', '/cuenta/pedidos', '/pedido/1']) {
      expect(headAt(path)).toBeNull();
    }
    // The checkout is the same page for everyone, rendered by the server: a head, never indexed.
    expect(headAt('/checkout')).toMatchObject({
      title: 'Finalizar compra | Nexbyte',
      noindex: true,
    });
    const html = renderHeadForRequest('/admin', { publicUrl, queryClient: new QueryClient() });
    expect(html).toBe('<meta name="nexbyte:public-url" content="https://tienda.nexbyte.cl">');
  });
});

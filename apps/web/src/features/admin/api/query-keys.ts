/**
 * Every admin query lives under 'admin', apart from the shop's own caches: the admin sees
 * inactive products and private lists that the storefront must never reuse.
 */
export const adminKeys = {
  all: ['admin'] as const,
  products: () => [...adminKeys.all, 'productos'] as const,
  product: (id: number) => [...adminKeys.products(), id] as const,
  categories: () => [...adminKeys.all, 'categorias'] as const,
  users: () => [...adminKeys.all, 'usuarios'] as const,
  user: (id: number) => [...adminKeys.users(), id] as const,
  contactMessages: () => [...adminKeys.all, 'contactos'] as const,
  supportRequests: () => [...adminKeys.all, 'soporte'] as const,
};

/** The admin works on live data: every screen asks again when it opens, showing the cache meanwhile. */
export const ADMIN_STALE_TIME = 0;

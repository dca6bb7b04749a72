import type { Role } from '@nexbyte/shared';

/**
 * The admin area's sections and who may open each (decision 018): a VENDOR runs the catalogue
 * and the orders and works the repair desk; users and contact messages stay with the ADMIN. The server
 * refuses the calls anyway; this keeps the menu and the screens in step with it.
 */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true, adminOnly: false },
  { to: '/admin/productos', label: 'Productos', end: false, adminOnly: false },
  { to: '/admin/categorias', label: 'Categorías', end: false, adminOnly: false },
  { to: '/admin/pedidos', label: 'Pedidos', end: false, adminOnly: false },
  { to: '/admin/soporte', label: 'Soporte', end: false, adminOnly: false },
  { to: '/admin/usuarios', label: 'Usuarios', end: false, adminOnly: true },
  { to: '/admin/contacto', label: 'Contacto', end: false, adminOnly: true },
  { to: '/admin/envios', label: 'Envíos', end: false, adminOnly: true },
  { to: '/admin/cupones', label: 'Cupones', end: false, adminOnly: true },
  { to: '/admin/correos', label: 'Correos', end: false, adminOnly: true },
  { to: '/admin/libro-ventas', label: 'Libro de ventas', end: false, adminOnly: true },
] as const;

export const sectionsFor = (role: Role | undefined) =>
  ADMIN_SECTIONS.filter((section) => !section.adminOnly || role === 'ADMIN');

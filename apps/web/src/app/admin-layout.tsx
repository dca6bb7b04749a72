import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSessionExpiry } from '../features/admin/hooks/use-session-expiry';
import '../features/admin/admin.css';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/productos', label: 'Productos', end: false },
  { to: '/admin/pedidos', label: 'Pedidos', end: false },
  { to: '/admin/usuarios', label: 'Usuarios', end: false },
  { to: '/admin/contacto', label: 'Contacto', end: false },
  { to: '/admin/soporte', label: 'Soporte', end: false },
];

/** The admin area frame: a sidebar and the content. The admin guard wraps it in the router. */
export default function AdminLayout() {
  const navigation = useNavigation();
  useSessionExpiry();
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      <aside className="admin-sidebar" aria-label="Barra lateral de administración">
        <p className="admin-sidebar__brand">
          Nexbyte <span>Administración</span>
        </p>
        <nav aria-label="Administración">
          <ul className="admin-sidebar__links">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className="admin-sidebar__back">
          <span aria-hidden="true">←&nbsp;</span>Volver a la tienda
        </Link>
      </aside>
      <main
        id="main"
        className="admin-content"
        tabIndex={-1}
        aria-busy={navigation.state === 'loading'}
      >
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}

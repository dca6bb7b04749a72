import { isStaffRole } from '@nexbyte/shared';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ModalDialog } from '../components/ui/modal-dialog';
import { useCart } from '../features/cart/cart-context';
import { logout as endSession } from '../features/auth/api/logout';
import type { Session } from '../lib/session';
import { useSession } from '../lib/use-session';
import { useFinishLeavingSession, useLeaveSession } from './use-leave-session';

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  // Subscribing to the location re-renders the header on every route change, and each render
  // reads the session and the cart from storage again.
  useLocation();
  useFinishLeavingSession();
  const session = useSession();
  const { count: cartCount, addedCount } = useCart();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand">
          <span className="brand__name">Nexbyte</span>
          <span className="brand__tagline">Tecnología y mantención de PC</span>
        </Link>

        <nav className="site-nav" aria-label="Principal">
          <MainLinks />
          <AuthLinks session={session} />
        </nav>

        <CartLink count={cartCount} addedCount={addedCount} />

        <button
          type="button"
          className="icon-button menu-button"
          aria-label="Abrir menú"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M3 6h18M3 12h18M3 18h18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>

      <ModalDialog
        id={MOBILE_MENU_ID}
        className="mobile-menu"
        aria-label="Menú"
        open={menuOpen}
        onClose={closeMenu}
      >
        <button
          type="button"
          className="icon-button mobile-menu__close"
          aria-label="Cerrar menú"
          onClick={closeMenu}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <nav className="mobile-menu__nav" aria-label="Principal (móvil)">
          <MainLinks onNavigate={closeMenu} />
          <NavLink to="/carrito" onClick={closeMenu}>
            Carrito ({cartCount})
          </NavLink>
          <AuthLinks session={session} onNavigate={closeMenu} />
        </nav>
      </ModalDialog>
    </header>
  );
}

interface LinksProps {
  onNavigate?: () => void;
}

function MainLinks({ onNavigate }: LinksProps) {
  return (
    <>
      <NavLink to="/" end onClick={onNavigate}>
        Home
      </NavLink>
      <NavLink to="/productos" onClick={onNavigate}>
        Productos
      </NavLink>
      <NavLink to="/arma-tu-pc" onClick={onNavigate}>
        Arma tu PC
      </NavLink>
    </>
  );
}

function AuthLinks({ session, onNavigate }: LinksProps & { session: Session | null }) {
  const leaveSession = useLeaveSession();
  if (!session) {
    return (
      <>
        <NavLink to="/login" onClick={onNavigate}>
          Iniciar sesión
        </NavLink>
        <NavLink to="/registro" className="button button--small" onClick={onNavigate}>
          Registrar
        </NavLink>
      </>
    );
  }
  // Ends this session only (decision 014); the account's other devices stay logged in.
  const logout = () => {
    onNavigate?.();
    leaveSession(() => endSession(session));
  };
  return (
    <>
      <NavLink to="/cuenta" onClick={onNavigate}>
        Mi cuenta
      </NavLink>
      {isStaffRole(session.user.role) && (
        <NavLink to="/admin" onClick={onNavigate}>
          Administración
        </NavLink>
      )}
      <button type="button" className="button button--small button--ghost" onClick={logout}>
        Cerrar sesión
      </button>
    </>
  );
}

function CartLink({ count, addedCount }: { count: number; addedCount: number }) {
  // The accessible name starts with the visible text ('Carrito 2'), as voice control expects.
  return (
    <Link to="/carrito" className="cart-link">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <span className="cart-link__label">Carrito</span>{' '}
      {/* A new key on every add restarts the pill's CSS animation. */}
      <span
        key={addedCount}
        className={addedCount > 0 ? 'cart-pill cart-pill--bump' : 'cart-pill'}
        data-testid="cart-count"
      >
        {count}
      </span>{' '}
      <span className="visually-hidden">{count === 1 ? 'producto' : 'productos'}</span>
    </Link>
  );
}

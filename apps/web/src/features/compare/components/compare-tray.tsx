import { Link } from 'react-router';
import { useComparison } from '../compare-store';
import '../compare.css';

/**
 * A bar at the bottom of the shop while products are chosen to compare: how many, a link to
 * /comparar and 'Vaciar'. Client-only: the server render and the first paint have none.
 */
export function CompareTray() {
  const { items, clear } = useComparison();
  if (items.length === 0) return null;
  return (
    <>
      {/* Room at the page's end, so the bar never covers the footer's last lines. */}
      <div className="compare-tray__spacer" />
      <aside className="compare-tray" aria-label="Comparación">
        <p className="compare-tray__count" aria-live="polite">
          {items.length === 1
            ? '1 producto para comparar'
            : `${items.length} productos para comparar`}
        </p>
        <Link to="/comparar" className="button compare-tray__link">
          Comparar ({items.length})
        </Link>
        <button type="button" className="button button--ghost" onClick={clear}>
          Vaciar
        </button>
      </aside>
    </>
  );
}

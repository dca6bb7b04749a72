import {
  CAMPOS_COMPONENTE,
  formatCLP,
  formatComponentValue,
  type CampoComponente,
  type Producto,
  type TipoComponente,
} from '@nexbyte/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import '../compare.css';

interface Row {
  label: string;
  values: string[];
}

const NONE = '—';

/** The typed fields of the kinds among the products, once each, in each kind's order. */
function typedFields(products: readonly Producto[]): CampoComponente[] {
  const kinds = [...new Set(products.flatMap((p) => (p.componente ? [p.componente.tipo] : [])))];
  const fields = new Map<string, CampoComponente>();
  for (const tipo of kinds) {
    for (const campo of CAMPOS_COMPONENTE[tipo as TipoComponente] ?? []) {
      if (!fields.has(campo.campo)) fields.set(campo.campo, campo);
    }
  }
  return [...fields.values()];
}

/**
 * The rows: price, brand and stock, the typed specification's values with their units, then
 * every other free-text specification any of them has; a product without a value shows '—'.
 */
export function comparisonRows(products: readonly Producto[]): Row[] {
  const rows: Row[] = [
    { label: 'Precio', values: products.map((p) => formatCLP(p.precio)) },
    { label: 'Marca', values: products.map((p) => p.marca ?? NONE) },
    {
      label: 'Stock',
      values: products.map((p) => (p.stock > 0 ? `${p.stock} disponibles` : 'Sin stock')),
    },
  ];
  for (const campo of typedFields(products)) {
    const values = products.map(
      (p) =>
        formatComponentValue(
          campo,
          (p.componente as Record<string, unknown> | undefined)?.[campo.campo],
        ) || NONE,
    );
    if (values.some((v) => v !== NONE)) rows.push({ label: campo.etiqueta, values });
  }
  // The sheet often says again what the typed values say ('Socket: AM5'): the typed row stays.
  const shown = new Set(rows.map((r) => r.label.toLowerCase()));
  const names = [...new Set(products.flatMap((p) => p.especificaciones.map((e) => e.nombre)))];
  for (const nombre of names.filter((n) => !shown.has(n.toLowerCase()))) {
    rows.push({
      label: nombre,
      values: products.map(
        (p) =>
          p.especificaciones
            .filter((e) => e.nombre === nombre)
            .map((e) => e.valor)
            .join(', ') || NONE,
      ),
    });
  }
  return rows;
}

interface CompareTableProps {
  products: readonly Producto[];
  onRemove: (id: number) => void;
}

/**
 * The products side by side, their specifications in rows, a row whose values differ
 * highlighted (and said so to a screen reader). On a phone the table scrolls sideways with the
 * names of the rows kept in view.
 */
export function CompareTable({ products, onRemove }: CompareTableProps) {
  const rows = comparisonRows(products);
  const noteId = useId();
  const differs = (row: Row) => products.length > 1 && new Set(row.values).size > 1;
  return (
    <>
      <p id={noteId} className="muted compare-table__note">
        Las filas resaltadas tienen valores distintos.
      </p>
      <div
        className="compare-table__scroll"
        role="region"
        aria-label="Tabla de comparación"
        aria-describedby={noteId}
        // Scrolled sideways with the keyboard too.
        tabIndex={0}
      >
        <table className="compare-table">
          <caption className="visually-hidden">Comparación de {products.length} productos</caption>
          <thead>
            <tr>
              <td className="compare-table__corner" />
              {products.map((p) => (
                <th key={p.id} scope="col">
                  <Link to={`/productos/detalle/${p.id}`}>{p.nombre}</Link>
                  <button
                    type="button"
                    className="button button--ghost compare-table__remove"
                    onClick={() => onRemove(p.id)}
                  >
                    Quitar <span className="visually-hidden">{p.nombre}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.label}
                className={differs(row) ? 'compare-table__row--differs' : undefined}
              >
                <th scope="row">
                  {row.label}
                  {differs(row) && <span className="visually-hidden"> (distinto)</span>}
                </th>
                {row.values.map((value, i) => (
                  <td key={products[i]!.id}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

import { CAMPOS_FACETA, formatComponentValue, type Facetas } from '@nexbyte/shared';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useFacets } from '../api/get-facets';
import type { ProductFilters } from '../api/get-products';
import { specParam, type FacetKind, type ProductFilterValues } from '../use-product-filters';
import '../facet-filters.css';

/** Narrower than this the filters start folded, so the products come first on a phone. */
const WIDE_SCREEN = '(min-width: 48em)';

interface FacetFiltersProps {
  values: ProductFilterValues;
  filters: ProductFilters;
  onToggle: (kind: FacetKind, value: string) => void;
}

interface FacetOption {
  /** What the address holds: the brand, or 'nombre:valor'. */
  param: string;
  label: string;
  cantidad: number;
}

interface FacetGroup {
  kind: FacetKind;
  title: string;
  options: FacetOption[];
}

/**
 * Brand and specification filters with how many products each leaves (GET /productos/facetas),
 * in a disclosure that starts open on a wide screen and folded on a phone. A chosen value the
 * current results no longer count stays, at 0, so it can be unticked.
 */
export function FacetFilters({ values, filters, onToggle }: FacetFiltersProps) {
  const { data, error } = useFacets(filters);
  const wide = useSyncExternalStore(subscribeToWidth, isWideScreen, () => false);
  // null until the shopper opens or folds it: then their choice stays.
  const [chosenOpen, setOpen] = useState<boolean | null>(null);
  const open = chosenOpen ?? wide;
  const chosen = values.marca.length + values.espec.length + values.componente.length;

  useEffect(() => {
    if (error) console.error('No se pudieron cargar los filtros:', error);
  }, [error]);

  const groups = data ? groupsOf(data, values) : [];
  if (!error && data && groups.length === 0) return null;

  return (
    <details
      className="catalog-facets"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="catalog-facets__summary">
        Filtrar por marca y características
        {chosen > 0 && <span className="catalog-facets__chosen"> ({chosen} elegidos)</span>}
      </summary>
      {error ? (
        <p className="muted">No se pudieron cargar los filtros.</p>
      ) : !data ? (
        <p className="muted">Cargando filtros…</p>
      ) : (
        <div className="catalog-facets__groups">
          {groups.map((group) => (
            <FacetFieldset
              key={`${group.kind}:${group.title}`}
              group={group}
              isChosen={(param) => values[group.kind].includes(param)}
              onToggle={(param) => onToggle(group.kind, param)}
            />
          ))}
        </div>
      )}
    </details>
  );
}

function FacetFieldset({
  group,
  isChosen,
  onToggle,
}: {
  group: FacetGroup;
  isChosen: (param: string) => boolean;
  onToggle: (param: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="catalog-facets__group">
      <legend>{group.title}</legend>
      <ul className="catalog-facets__options">
        {group.options.map((option, index) => (
          <li key={option.param}>
            <input
              type="checkbox"
              id={`${id}-${index}`}
              checked={isChosen(option.param)}
              onChange={() => onToggle(option.param)}
            />
            <label htmlFor={`${id}-${index}`}>
              {option.label} <span className="catalog-facets__count">({option.cantidad})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

// The server render (and the hydration that follows it) sees a phone, the budget Lighthouse and
// most shoppers use: a wide screen unfolds right after hydrating.
function isWideScreen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN).matches;
}

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** The brand group, then one group per specification name, chosen values kept. */
function groupsOf(facets: Facetas, values: ProductFilterValues): FacetGroup[] {
  const brands: FacetOption[] = facets.marcas.map((m) => ({
    param: m.valor,
    label: m.valor,
    cantidad: m.cantidad,
  }));
  for (const brand of values.marca) {
    if (!brands.some((b) => b.param.toLowerCase() === brand.toLowerCase())) {
      brands.push({ param: brand, label: brand, cantidad: 0 });
    }
  }
  const specs = new Map<string, FacetOption[]>();
  for (const spec of facets.especificaciones) {
    specs.set(
      spec.nombre,
      spec.valores.map((v) => ({
        param: specParam(spec.nombre, v.valor),
        label: v.valor,
        cantidad: v.cantidad,
      })),
    );
  }
  for (const param of values.espec) {
    const colon = param.indexOf(':');
    const nombre = param.slice(0, colon);
    const options = specs.get(nombre) ?? [];
    if (!options.some((o) => o.param === param)) {
      options.push({ param, label: param.slice(colon + 1), cantidad: 0 });
    }
    specs.set(nombre, options);
  }
  const groups: FacetGroup[] = [...componentGroups(facets, values)];
  if (brands.length > 0) groups.push({ kind: 'marca', title: 'Marca', options: brands });
  for (const [nombre, options] of specs) groups.push({ kind: 'espec', title: nombre, options });
  return groups;
}

const FACET_FIELDS = new Map(CAMPOS_FACETA.map((c) => [c.campo, c]));

/** How a typed value reads: 'Procesador' for PROCESADOR, 'Sí' for true, else as it is. */
function typedLabel(campo: string, valor: string): string {
  const field = FACET_FIELDS.get(campo);
  if (!field) return valor;
  if (field.tipo === 'booleano') return formatComponentValue(field, valor === 'true');
  return formatComponentValue(field, valor);
}

/** A PC part's typed values (socket, memory type…), one group per field, chosen values kept. */
function componentGroups(facets: Facetas, values: ProductFilterValues): FacetGroup[] {
  const groups = new Map<string, FacetGroup>();
  for (const field of facets.componentes ?? []) {
    groups.set(field.campo, {
      kind: 'componente',
      title: field.etiqueta,
      options: field.valores.map((v) => ({
        param: specParam(field.campo, v.valor),
        label: typedLabel(field.campo, v.valor),
        cantidad: v.cantidad,
      })),
    });
  }
  for (const param of values.componente) {
    const campo = param.slice(0, param.indexOf(':'));
    const group = groups.get(campo) ?? {
      kind: 'componente' as const,
      title: FACET_FIELDS.get(campo)?.etiqueta ?? campo,
      options: [],
    };
    if (!group.options.some((o) => o.param === param)) {
      group.options.push({
        param,
        label: typedLabel(campo, param.slice(campo.length + 1)),
        cantidad: 0,
      });
    }
    groups.set(campo, group);
  }
  return [...groups.values()];
}

import { act, useEffect, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyInput, type EarlyInput } from './early-input';

// What the shopper does on the server's HTML before the app hydrates it, with React's real
// hydration: controlled fields (the product list's search, prices, sort, facet boxes) and buttons
// (the menu, 'Añadir al carrito') must end up in the app's state, not only on screen.

/** A list screen in miniature: every field controlled by state, which the page shows. */
function Screen() {
  const [q, setQ] = useState('');
  const [min, setMin] = useState('');
  const [orden, setOrden] = useState('recientes');
  const [marca, setMarca] = useState(false);
  const [added, setAdded] = useState(0);
  return (
    <form>
      <input type="search" aria-label="Buscar" value={q} onChange={(e) => setQ(e.target.value)} />
      <input
        type="number"
        aria-label="Precio mínimo"
        value={min}
        onChange={(e) => setMin(e.target.value)}
      />
      <select aria-label="Ordenar por" value={orden} onChange={(e) => setOrden(e.target.value)}>
        <option value="recientes">Más recientes</option>
        <option value="precio_asc">Menor precio</option>
      </select>
      <input
        type="checkbox"
        aria-label="Logitech"
        checked={marca}
        onChange={() => setMarca((m) => !m)}
      />
      <button type="button" onClick={() => setAdded((n) => n + 1)}>
        Añadir al carrito
      </button>
      <output data-testid="state">{JSON.stringify({ q, min, orden, marca, added })}</output>
    </form>
  );
}

function Ready({ early, children }: { early: EarlyInput; children: ReactNode }) {
  useEffect(() => early.release(), [early]);
  return children;
}

// Hydration here is React's own, not Testing Library's render: act() needs to be told it may run.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.listening;
});

/** The server's HTML of the screen, and the entry's hold on it. */
function serverPage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Screen />);
  document.body.append(container);
  return { container, early: holdEarlyInput(container) };
}

function hydrate(container: HTMLElement, early: EarlyInput) {
  early.snapshot();
  act(() => {
    root = hydrateRoot(container, <Ready early={early}>{<Screen />}</Ready>);
  });
}

const state = (container: HTMLElement) =>
  JSON.parse(container.querySelector('output')!.textContent!) as Record<string, unknown>;
const get = <T extends Element>(container: HTMLElement, label: string) =>
  container.querySelector<T & Element>(`[aria-label="${label}"]`)!;

/** Typing as the browser does it: the value changes, then an input event. */
function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('lo hecho antes de hidratar llega al estado de la app', () => {
  it('el texto escrito en un campo controlado filtra, no solo queda en la caja', () => {
    const { container, early } = serverPage();
    type(get(container, 'Buscar'), 'Teclado');
    type(get(container, 'Precio mínimo'), '5000');
    hydrate(container, early);

    expect(state(container)).toMatchObject({ q: 'Teclado', min: '5000' });
    expect(get<HTMLInputElement>(container, 'Buscar').value).toBe('Teclado');
  });

  it('un orden elegido y una casilla marcada antes de hidratar cuentan', () => {
    const { container, early } = serverPage();
    const select = get<HTMLSelectElement>(container, 'Ordenar por');
    select.value = 'precio_asc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    get<HTMLInputElement>(container, 'Logitech').click();
    hydrate(container, early);

    expect(state(container)).toMatchObject({ orden: 'precio_asc', marca: true });
    expect(get<HTMLInputElement>(container, 'Logitech').checked).toBe(true);
  });

  it('una casilla marcada mientras hidrata pasa por React una sola vez', () => {
    const { container, early } = serverPage();
    early.snapshot();
    act(() => {
      root = hydrateRoot(container, <Screen />);
    });
    // React's own listener takes this click; the hold records it too, and must not click again.
    act(() => get<HTMLInputElement>(container, 'Logitech').click());
    act(() => early.release());
    expect(state(container)).toMatchObject({ marca: true });
  });

  it('un botón pulsado antes de hidratar se pulsa otra vez para la app, en orden y una vez', () => {
    const { container, early } = serverPage();
    const button = [...container.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Añadir'),
    )!;
    button.click();
    button.click();
    hydrate(container, early);

    expect(state(container)).toMatchObject({ added: 2 });
    expect(document.documentElement.dataset.listening).toBe('');
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastApi, type ToastOptions } from './toast';

let api: ToastApi;
function CaptureApi({ onReady }: { onReady: (toast: ToastApi) => void }) {
  const toast = useToast();
  useEffect(() => {
    onReady(toast);
  }, [toast, onReady]);
  return null;
}

function renderToasts() {
  render(
    <ToastProvider>
      <CaptureApi onReady={(toast) => (api = toast)} />
    </ToastProvider>,
  );
}

function show(options: ToastOptions) {
  let id = 0;
  act(() => {
    id = api.show(options);
  });
  return id;
}

const toasts = () => screen.queryAllByTestId('toast');

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('se quitan solos a los 3400 ms por defecto', () => {
    show({ message: 'Hola' });
    act(() => vi.advanceTimersByTime(3399));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(0);
  });

  it('respetan la duración pedida, y con duración 0 o negativa se quedan', () => {
    show({ message: 'corto', duration: 1000 });
    show({ message: 'fijo', duration: 0 });
    show({ message: 'fijo también', duration: -5 });
    act(() => vi.advanceTimersByTime(1000));
    expect(toasts().map((t) => within(t).getByText(/fijo/).textContent)).toEqual([
      'fijo',
      'fijo también',
    ]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(toasts()).toHaveLength(2);
  });

  it('el hover pausa la cuenta y al salir sigue con el tiempo que quedaba', () => {
    show({ message: 'pausable', duration: 3000 });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(toasts()[0]!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(toasts()).toHaveLength(1);
    fireEvent.mouseLeave(toasts()[0]!);
    act(() => vi.advanceTimersByTime(999));
    expect(toasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(toasts()).toHaveLength(0);
  });

  it('usa los títulos por defecto de cada tipo', () => {
    show({ type: 'success', message: 'a', duration: 0 });
    show({ type: 'error', message: 'b', duration: 0 });
    show({ type: 'info', message: 'c', duration: 0 });
    show({ type: 'error', title: 'Error al enviar', message: 'd', duration: 0 });
    expect(screen.getByText('Listo')).toBeInTheDocument();
    expect(screen.getByText('Ups')).toBeInTheDocument();
    expect(screen.getByText('Info')).toBeInTheDocument();
    expect(screen.getByText('Error al enviar')).toBeInTheDocument();
  });

  it('anuncia los errores de forma asertiva y el resto de forma educada', () => {
    show({ type: 'error', message: 'falló', duration: 0 });
    show({ type: 'success', message: 'resultó', duration: 0 });
    const region = screen.getByRole('region', { name: 'Notificaciones' });
    const assertive = within(region).getByRole('alert');
    const polite = within(region).getByRole('status');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(within(assertive).getByText('falló')).toBeInTheDocument();
    expect(within(polite).getByText('resultó')).toBeInTheDocument();
  });

  it('el botón Cerrar quita solo ese toast, y se pueden quitar todos', () => {
    show({ message: 'uno', duration: 0 });
    show({ message: 'dos', duration: 0 });
    show({ message: 'tres', duration: 0 });
    fireEvent.click(within(toasts()[1]!).getByRole('button', { name: 'Cerrar' }));
    expect(toasts().map((t) => t.textContent)).toEqual([
      expect.stringContaining('uno'),
      expect.stringContaining('tres'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar todas' }));
    expect(toasts()).toHaveLength(0);
  });

  it('un botón de acción hace lo suyo y cierra el toast', () => {
    const undo = vi.fn();
    show({ message: 'Quitado', action: { label: 'Deshacer', onClick: undo } });
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(toasts()).toHaveLength(0);
  });

  it('dismiss quita un toast por su id antes de tiempo', () => {
    const id = show({ message: 'adiós' });
    act(() => api.dismiss(id));
    expect(toasts()).toHaveLength(0);
  });
});

it('useToast fuera del proveedor explica el error', () => {
  vi.mocked(console.error).mockImplementation(() => {});
  expect(() => render(<CaptureApi onReady={() => {}} />)).toThrow(
    'useToast debe ser usado dentro de un ToastProvider',
  );
});

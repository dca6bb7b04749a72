import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedDraft, useDebouncedValue } from './use-debounced-draft';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The hook bound to a value the test changes, as the address would. */
function renderDraft(initial = '') {
  const onCommit = vi.fn<(text: string) => void>();
  const hook = renderHook(({ value }) => useDebouncedDraft(value, onCommit, { delay: 300 }), {
    initialProps: { value: initial },
  });
  const type = (text: string) => act(() => hook.result.current.setDraft(text));
  const pause = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const valueBecomes = (value: string) => hook.rerender({ value });
  return { hook, onCommit, type, pause, valueBecomes };
}

describe('useDebouncedDraft', () => {
  it('confirma lo escrito solo tras la pausa, una vez', () => {
    const { onCommit, type, pause } = renderDraft();
    type('s');
    pause(200);
    type('ss');
    pause(200);
    type('ssd');
    expect(onCommit).not.toHaveBeenCalled();
    pause(300);
    expect(onCommit.mock.calls).toEqual([['ssd']]);
  });

  it('un cambio de fuera (Limpiar filtros, atrás) reemplaza lo escrito', () => {
    const { hook, type, pause, valueBecomes } = renderDraft('mouse');
    type('mouse rgb');
    pause(300);
    valueBecomes('mouse rgb');
    valueBecomes('');
    expect(hook.result.current.draft).toBe('');
  });

  it('el eco tardío de una confirmación anterior no borra lo que se sigue escribiendo', () => {
    const { hook, onCommit, type, pause, valueBecomes } = renderDraft();
    type('p');
    pause(300);
    type('pe');
    pause(300);
    type('peri');
    expect(onCommit.mock.calls).toEqual([['p'], ['pe']]);

    // A slow navigation brings the first commit back only now, then the second.
    valueBecomes('p');
    expect(hook.result.current.draft).toBe('peri');
    valueBecomes('pe');
    expect(hook.result.current.draft).toBe('peri');

    pause(300);
    expect(onCommit).toHaveBeenLastCalledWith('peri');
  });

  it('discard suelta lo escrito sin confirmar: no llega tras Limpiar filtros a deshacerlo', () => {
    const { hook, onCommit, type, pause, valueBecomes } = renderDraft('');
    type('500');
    act(() => hook.result.current.discard());
    valueBecomes('');
    pause(1000);
    expect(hook.result.current.draft).toBe('');
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('flush confirma al momento (Enter)', () => {
    const { hook, onCommit, type } = renderDraft();
    type('ssd');
    act(() => hook.result.current.flush());
    expect(onCommit.mock.calls).toEqual([['ssd']]);
  });
});

describe('useDebouncedValue', () => {
  it('da el valor cuando deja de cambiar durante la pausa', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 200), {
      initialProps: { value: 'r' },
    });
    rerender({ value: 'ra' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ value: 'rat' });
    act(() => vi.advanceTimersByTime(150));
    expect(result.current).toBe('r');
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('rat');
  });
});

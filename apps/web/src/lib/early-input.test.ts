import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

function serverForm(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = `
    <form>
      <input name="correo" value="">
      <input name="password" type="password" value="">
      <input name="recordar" type="checkbox">
      <textarea name="mensaje"></textarea>
      <button type="submit">Enviar</button>
    </form>`;
  document.body.append(container);
  return container;
}

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyInput', () => {
  it('types again, through input events, what was typed before hydration and the form then erased', () => {
    const container = serverForm();
    const early = holdEarlyInput(container);
    field(container, 'correo').value = 'ana@gmail.com';
    field(container, 'password').value = 'secreta123';
    field(container, 'recordar').checked = true;
    early.snapshot();

    // What a form library does as it registers its fields: write the default values.
    field(container, 'correo').value = '';
    field(container, 'password').value = '';
    field(container, 'recordar').checked = false;
    const seen: string[] = [];
    container.addEventListener('input', (event) =>
      seen.push((event.target as HTMLInputElement).name),
    );
    early.release();

    expect(field(container, 'correo').value).toBe('ana@gmail.com');
    expect(field(container, 'password').value).toBe('secreta123');
    expect(field(container, 'recordar').checked).toBe(true);
    expect(seen).toEqual(expect.arrayContaining(['correo', 'password']));
  });

  it('also types again what was typed while hydrating, after the snapshot', () => {
    const container = serverForm();
    const early = holdEarlyInput(container);
    early.snapshot();
    field(container, 'correo').value = 'ana@gmail.com';
    field(container, 'correo').dispatchEvent(new Event('input', { bubbles: true }));

    field(container, 'correo').value = '';
    early.release();

    expect(field(container, 'correo').value).toBe('ana@gmail.com');
  });

  it('leaves untouched fields alone', () => {
    const container = serverForm();
    const early = holdEarlyInput(container);
    early.snapshot();
    field(container, 'correo').value = 'puesto@por-la-app.cl';
    early.release();
    expect(field(container, 'correo').value).toBe('puesto@por-la-app.cl');
  });

  it('holds a submit pressed before hydration (no GET with the password) and sends it once released', () => {
    const container = serverForm();
    const early = holdEarlyInput(container);
    const form = container.querySelector('form')!;
    const button = container.querySelector('button')!;
    const reachedApp = vi.fn((event: SubmitEvent) => event.preventDefault());

    const earlySubmit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(earlySubmit);
    expect(earlySubmit.defaultPrevented).toBe(true);

    form.addEventListener('submit', reachedApp);
    early.release();
    expect(reachedApp).toHaveBeenCalledTimes(1);
    expect(button.isConnected).toBe(true);

    // After release, submits go straight to the app.
    form.requestSubmit();
    expect(reachedApp).toHaveBeenCalledTimes(2);
  });
});

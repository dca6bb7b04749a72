import { describe, expect, it } from 'vitest';
import { errorPaths, focusFirstInvalid } from './focus-first-invalid';

describe('errorPaths', () => {
  it('names a nested field by its path, and a list as a whole', () => {
    const errors = {
      nombre: { type: 'too_small', message: 'El nombre es requerido.' },
      documento: { empresa: { rut: { type: 'custom', message: 'RUT' }, giro: { type: 'x' } } },
      especificaciones: [undefined, { valor: { type: 'custom', message: 'Falta' } }],
    };
    expect(errorPaths(errors)).toEqual([
      'nombre',
      'documento.empresa.rut',
      'documento.empresa.giro',
      'especificaciones',
    ]);
  });
});

describe('focusFirstInvalid', () => {
  it('focuses the first invalid control in page order, by its path or its group', () => {
    const form = document.createElement('form');
    form.innerHTML = `
      <input type="radio" name="documento.tipo" value="BOLETA">
      <input name="documento.empresa.rut">
      <input name="categoria.id">`;
    document.body.append(form);
    focusFirstInvalid(form, ['categoria', 'documento.empresa.rut']);
    expect(document.activeElement).toBe(form.elements.namedItem('documento.empresa.rut'));
    focusFirstInvalid(form, ['categoria']);
    expect(document.activeElement).toBe(form.elements.namedItem('categoria.id'));
    form.remove();
  });
});

import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors';
import {
  cambioPasswordSchema,
  cuentaSchema,
  ACCOUNT_MESSAGES,
  newsletterSchema,
  nuevaPasswordSchema,
} from './account';
import { REGISTER_MESSAGES } from './auth';
import { buildDomainSchemas } from './index';

const cuenta = {
  nombre: 'Camila',
  apellidos: 'Rojas Muñoz',
  telefono: '9 8765 4321',
  region: 'Valparaíso',
  comuna: 'Viña del Mar',
  direccion: 'Av. Libertad 1000',
};

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as never);

describe('cuentaSchema (Mi cuenta)', () => {
  it('acepta los datos de la cuenta, recorta espacios y deja un teléfono vacío en null', () => {
    const parsed = cuentaSchema.parse({ ...cuenta, nombre: '  Camila ', telefono: '' });
    expect(parsed).toEqual({ ...cuenta, telefono: null });
  });

  it('aplica las reglas y mensajes del registro', () => {
    const result = cuentaSchema.safeParse({
      nombre: 'C',
      apellidos: '',
      telefono: '98765432',
      region: 'Narnia',
      comuna: '',
      direccion: 'ab',
    });
    expect(errorsOf(result)).toEqual({
      nombre: REGISTER_MESSAGES.nombre,
      apellidos: REGISTER_MESSAGES.apellidos,
      telefono: REGISTER_MESSAGES.telefono,
      region: REGISTER_MESSAGES.region,
      comuna: REGISTER_MESSAGES.comuna,
      direccion: REGISTER_MESSAGES.direccion,
    });
  });

  it('rechaza una comuna de otra región', () => {
    const result = cuentaSchema.safeParse({ ...cuenta, comuna: 'Valdivia' });
    expect(errorsOf(result)).toEqual({ comuna: REGISTER_MESSAGES.comuna });
  });

  it('ignora RUN, correo y rol aunque vengan en el cuerpo', () => {
    const parsed = cuentaSchema.parse({
      ...cuenta,
      run: '1-9',
      correo: 'x@gmail.com',
      role: 'ADMIN',
    });
    expect(parsed).not.toHaveProperty('run');
    expect(parsed).not.toHaveProperty('correo');
    expect(parsed).not.toHaveProperty('role');
  });
});

describe('contraseñas nuevas', () => {
  it('nuevaPasswordSchema exige 4 a 10 caracteres y que coincidan', () => {
    expect(nuevaPasswordSchema.safeParse({ pass: 'clave12', pass2: 'clave12' }).success).toBe(true);
    expect(errorsOf(nuevaPasswordSchema.safeParse({ pass: 'abc', pass2: 'abd' }))).toEqual({
      pass: REGISTER_MESSAGES.pass,
      pass2: REGISTER_MESSAGES.pass2,
    });
    expect(
      errorsOf(nuevaPasswordSchema.safeParse({ pass: 'abcdefghijk', pass2: 'abcdefghijk' })),
    ).toEqual({ pass: REGISTER_MESSAGES.pass });
  });

  it('cambioPasswordSchema pide la contraseña actual', () => {
    expect(errorsOf(cambioPasswordSchema.safeParse({ pass: 'nueva1', pass2: 'nueva1' }))).toEqual({
      actual: ACCOUNT_MESSAGES.actual,
    });
    expect(
      cambioPasswordSchema.safeParse({ actual: 'vieja1', pass: 'nueva1', pass2: 'nueva1' }).success,
    ).toBe(true);
  });
});

describe('recuperar y newsletter', () => {
  it('la recuperación usa la regla de dominios del inicio de sesión', () => {
    const { recuperar } = buildDomainSchemas(['duoc.cl']);
    expect(recuperar.parse({ correo: ' Ana@DUOC.cl ' })).toEqual({ correo: 'ana@duoc.cl' });
    expect(errorsOf(recuperar.safeParse({ correo: 'ana@gmail.com' }))).toEqual({
      correo: 'Solo se permiten correos @duoc.cl',
    });
  });

  it('el newsletter acepta cualquier dominio y guarda el correo en minúsculas', () => {
    expect(newsletterSchema.parse({ email: ' Ana@Empresa.CL ' })).toEqual({
      email: 'ana@empresa.cl',
    });
    expect(errorsOf(newsletterSchema.safeParse({ email: 'no-es-correo' }))).toEqual({
      email: 'Formato de correo inválido.',
    });
  });
});

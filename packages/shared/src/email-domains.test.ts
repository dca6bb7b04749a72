import { describe, expect, it } from 'vitest';
import { buildDomainSchemas } from './schemas';
import { emailDomainsMessage, hasAllowedDomain, parseEmailDomains } from './email-domains';

describe('allowed e-mail domains', () => {
  it("keeps the spec's list and message by default", () => {
    const domains = parseEmailDomains(undefined);
    expect(domains).toEqual(['duoc.cl', 'profesor.duoc.cl', 'gmail.com']);
    expect(emailDomainsMessage(domains)).toBe(
      'Solo se permiten correos @duoc.cl, @profesor.duoc.cl o @gmail.com',
    );
    expect(hasAllowedDomain('ana@hotmail.com', domains)).toBe(false);
  });

  it('* accepts any well-formed address, and still refuses a malformed one', () => {
    const domains = parseEmailDomains(' * ');
    expect(domains).toEqual(['*']);
    expect(parseEmailDomains('gmail.com,*')).toEqual(['*']);
    expect(hasAllowedDomain('ana@hotmail.com', domains)).toBe(true);
    const { contacto } = buildDomainSchemas(domains);
    const base = { nombre: 'Ana', mensaje: 'Hola' };
    expect(contacto.safeParse({ ...base, email: 'ana@icloud.com' }).success).toBe(true);
    const wrong = contacto.safeParse({ ...base, email: 'ana-sin-arroba' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Formato de correo inválido.');
  });
});

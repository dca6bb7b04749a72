import { describe, expect, it } from 'vitest';
import { ADMIN, createTestApp } from './test-app';

/** The proxy's own address: what the socket shows behind one. */
const PROXY = '10.0.0.5';
/** The real client, which a proxy appends after whatever X-Forwarded-For the client sent. */
const CLIENT_IP = '198.51.100.7';

const spoofed = (i: number) => `203.0.113.${i % 250}`;

describe('behind a proxy', () => {
  for (const trust of ['1', '10.0.0.0/8,127.0.0.1']) {
    it(`TRUST_PROXY=${trust}: 30 failed logins with a rotating X-Forwarded-For are still limited`, async () => {
      const t = await createTestApp({
        TRUST_PROXY: trust,
        LOGIN_MAX_FAILS_ACCOUNT: '1000',
        LOGIN_MAX_FAILS_CLIENT: '20',
      });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: PROXY,
            headers: { 'x-forwarded-for': `${spoofed(i)}, ${CLIENT_IP}` },
            payload: { correo: ADMIN.correo, pass: `mala${i}` },
          });
          codes.push(res.statusCode);
        }
        expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(20);
        expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(10);
        expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
        // The count was the client's, not the proxy's: someone else behind it still gets in.
        const other = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': '198.51.100.99' },
          payload: ADMIN,
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }

  it('takes the address the proxy appended, not one the client wrote, for the general limit', async () => {
    // The harness logs in twice from its own address: 3 requests per client here.
    const t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/categorias',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': `${spoofed(i)}, ${CLIENT_IP}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      // Another client behind the same proxy has its own count.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/categorias',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('IPv6 clients', () => {
  it('two addresses in one /64 share a counter; another /64 has its own', async () => {
    const t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    try {
      const get = (remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/api/categorias', remoteAddress });
      const codes = [];
      for (const address of [
        '2001:db8:1:2::1',
        '2001:db8:1:2::2',
        '2001:db8:1:2:abcd:ef01:2345:6789',
        '2001:db8:1:2::ffff',
      ]) {
        codes.push((await get(address)).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      expect((await get('2001:db8:1:3::1')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the forms limit counts a /64 once too', async () => {
    const t = await createTestApp({ RATE_LIMIT_FORMS_MAX: '2' });
    try {
      const codes = [];
      for (let i = 1; i <= 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/contactos',
          remoteAddress: `2001:db8:9:9::${i}`,
          payload: { nombre: 'Ana', email: 'ana@gmail.com', mensaje: `Hola ${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});

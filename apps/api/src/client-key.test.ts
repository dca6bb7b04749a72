import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('clientKey', () => {
  it('keeps an IPv4 client as its address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4 client behind an IPv6 socket as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 clients by their /64, however the address is written', () => {
    const key = clientKey('2001:db8:a:b::1');
    expect(key).toBe('2001:db8:a:b::/64');
    for (const same of [
      '2001:db8:a:b:ffff:ffff:ffff:ffff',
      '2001:0db8:000a:000b:1:2:3:4',
      '2001:DB8:A:B::9%eth0',
    ]) {
      expect(clientKey(same)).toBe(key);
    }
    expect(clientKey('2001:db8:a:c::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});

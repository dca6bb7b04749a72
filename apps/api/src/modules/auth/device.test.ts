import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('describeDevice', () => {
  it.each([
    [UA.chromeWindows, 'Chrome en Windows'],
    [UA.edgeWindows, 'Edge en Windows'],
    [UA.safariIphone, 'Safari en iOS'],
    [UA.firefoxLinux, 'Firefox en Linux'],
    [UA.chromeAndroid, 'Chrome en Android'],
    [UA.safariMac, 'Safari en macOS'],
  ])('names the browser and system in Spanish: %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });

  it.each([undefined, null, '', 'curl/8.5.0', '???'])(
    'says it does not know rather than guessing (%s)',
    (ua) => {
      expect(describeDevice(ua)).toBe('Navegador desconocido');
    },
  );
});

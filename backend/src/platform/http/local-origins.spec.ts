import { describe, expect, it } from '@jest/globals';
import { LocalOrigins } from './local-origins.js';

const MACHINE = ['127.0.0.1', '192.168.1.20', '[::1]'];
const origins = (host: string, options: { publicUrl?: string; followRequest?: boolean } = {}) =>
  new LocalOrigins({
    host,
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    followRequest: options.followRequest ?? true,
    addresses: () => MACHINE,
  });

describe('the address a page of this server was opened at', () => {
  it('is believed when the Host names an address the server listens on, on the port the request came in on', () => {
    const all = origins('0.0.0.0');
    expect(all.originOf('127.0.0.1:3000', 3000)).toBe('http://127.0.0.1:3000');
    expect(all.originOf('192.168.1.20:3000', 3000)).toBe('http://192.168.1.20:3000');
    expect(all.originOf('localhost:3000', 3000)).toBe('http://localhost:3000');
    expect(all.originOf('[::1]:3000', 3000)).toBe('http://[::1]:3000');
  });

  it('falls back to PUBLIC_URL for any other Host: a forged name, another port, a path, nothing', () => {
    const all = origins('0.0.0.0');
    expect(all.originOf('evil.example:3000', 3000)).toBe('http://localhost:3000');
    expect(all.originOf('192.168.1.99:3000', 3000)).toBe('http://localhost:3000');
    expect(all.originOf('127.0.0.1:4000', 3000)).toBe('http://localhost:3000');
    expect(all.originOf('127.0.0.1:3000/evil', 3000)).toBe('http://localhost:3000');
    expect(all.originOf('user@127.0.0.1:3000', 3000)).toBe('http://localhost:3000');
    expect(all.originOf(undefined, 3000)).toBe('http://localhost:3000');
  });

  it('knows only HOST when the server listens on one address', () => {
    const loopback = origins('127.0.0.1');
    expect(loopback.originOf('127.0.0.1:3000', 3000)).toBe('http://127.0.0.1:3000');
    expect(loopback.originOf('localhost:3000', 3000)).toBe('http://localhost:3000');
    // Not listening there, whatever the machine's interfaces.
    expect(loopback.originOf('192.168.1.20:3000', 3000)).toBe('http://localhost:3000');
  });

  it('is always PUBLIC_URL with Cardcom', () => {
    const cardcom = origins('0.0.0.0', { publicUrl: 'https://menu.example.co.il', followRequest: false });
    expect(cardcom.originOf('127.0.0.1:3000', 3000)).toBe('https://menu.example.co.il');
  });

  it('moves only URLs of PUBLIC_URL to the page’s address', () => {
    const all = origins('0.0.0.0');
    expect(all.rebase('http://localhost:3000/pay/sandbox/abc', 'http://192.168.1.20:3000')).toBe(
      'http://192.168.1.20:3000/pay/sandbox/abc',
    );
    expect(all.rebase('https://secure.cardcom.solutions/x', 'http://192.168.1.20:3000')).toBe(
      'https://secure.cardcom.solutions/x',
    );
    // PUBLIC_URL's port is not a prefix of another's.
    expect(all.rebase('http://localhost:30001/x', 'http://192.168.1.20:3000')).toBe('http://localhost:30001/x');
  });
});

import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../src/config/config.js';
import { RefreshCookies } from '../../src/platform/auth/refresh-cookies.js';

function capture() {
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const reply = {
    setCookie(name: string, value: string, options: Record<string, unknown>) {
      set.push({ name, value, options });
      return reply;
    },
  } as unknown as FastifyReply;
  return { set, reply };
}

describe('the refresh cookie', () => {
  it('is Secure when the product is served over https, and HttpOnly, Lax and scoped to /api/auth always', () => {
    const expires = new Date(Date.now() + 1000);
    for (const [publicUrl, secure] of [
      ['https://menu.example.co.il', true],
      ['http://localhost:3000', false],
    ] as const) {
      const { set, reply } = capture();
      new RefreshCookies({ publicUrl } as AppConfig).set(reply, 'owner', 'token', expires);
      expect(set).toEqual([
        {
          name: 'tafrit_refresh',
          value: 'token',
          options: { httpOnly: true, secure, sameSite: 'lax', path: '/api/auth', expires },
        },
      ]);
    }
  });

  it('keeps the administrator in a cookie of its own', () => {
    expect(RefreshCookies.nameFor('admin')).toBe('tafrit_admin_refresh');
    expect(RefreshCookies.nameFor('owner')).not.toBe(RefreshCookies.nameFor('admin'));
  });
});

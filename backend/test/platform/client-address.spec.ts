import { startTestApp, type TestApp } from '../support/test-app.js';

// Rate limits key on the client's address: a client must not choose it with a header unless a proxy we trust set it.
describe('the client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'false' });
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const submit = (forwarded: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': forwarded },
        payload: { name: 'ישראל ישראלי', email: 'israel@example.co.il', message: 'שאלה על התפריט הדיגיטלי שלכם' },
      });
    // Five a window per address: a new forged address per request must not buy a sixth.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit(`203.0.113.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 5).every((status) => status >= 200 && status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

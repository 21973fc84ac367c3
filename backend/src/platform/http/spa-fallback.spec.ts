import { departmentOfPage, prepareIndexHtml } from './spa-fallback.js';

describe('departmentOfPage', () => {
  it.each([
    ['/menu/demo', 'demo'],
    ['/menu/demo/', 'demo'],
    ['/menu/cafe_7-B?table=4', 'cafe_7-B'],
    ['/order?departmentId=demo', 'demo'],
    ['/order?table=2&departmentId=demo', 'demo'],
  ])('%s is the menu of %s', (url, id) => {
    expect(departmentOfPage(url)).toBe(id);
  });

  it.each(['/menu/a%20b', '/menu/%E0%A4%A', `/menu/${'x'.repeat(65)}`, '/menu/caf%C3%A9'])(
    '%s names a department that cannot exist',
    (url) => {
      expect(departmentOfPage(url)).toBeNull();
    },
  );

  it.each(['/', '/menu', '/menu/', '/menu/demo/extra', '/order', '/order?departmentId=a%20b', '/cart/demo', '/x'])(
    '%s is not a department page the server judges',
    (url) => {
      expect(departmentOfPage(url)).toBeUndefined();
    },
  );
});

describe('prepareIndexHtml', () => {
  const html =
    '<html><head><meta property="og:image" content="/og.png" /><meta property="og:url" content="/" /></head></html>';

  it('makes Open Graph addresses absolute and adds nothing else without a pixel', () => {
    expect(prepareIndexHtml(html, { publicUrl: 'https://t.example' })).toBe(
      '<html><head><meta property="og:image" content="https://t.example/og.png" /><meta property="og:url" content="https://t.example/" /></head></html>',
    );
  });

  it('leaves a page without Open Graph tags as it is', () => {
    const plain = '<html><head></head><body></body></html>';
    expect(prepareIndexHtml(plain, { publicUrl: 'https://t.example' })).toBe(plain);
  });

  it('adds the pixel meta before </head>, escaped', () => {
    const prepared = prepareIndexHtml('<head></head>', { publicUrl: 'https://t.example', marketingPixelId: '1"2' });
    expect(prepared).toBe('<head>  <meta name="tafrit-pixel-id" content="1&#34;2" />\n  </head>');
  });
});

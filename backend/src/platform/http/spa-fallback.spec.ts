import { prepareIndexHtml } from './spa-fallback.js';

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

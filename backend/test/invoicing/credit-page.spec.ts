import { describe, expect, it } from '@jest/globals';
import { creditPage } from '../../src/modules/invoicing/api/credit-html.js';
import type { CreditView } from '../../src/modules/invoicing/application/credit-view.js';

// Which credit document is the original: ours when we numbered it; Cardcom's when Cardcom made it (its page is where
// the reader is sent; this sheet shows only when Cardcom gave no address of it, and then says it is a copy).

const view = (source: CreditView['source']): CreditView => ({
  creditNumber: source === 'platform' ? '7' : '3001',
  issuedAt: '2026-11-26T10:00:00.000Z',
  orderNumber: 42,
  originalInvoiceNumber: '17',
  lines: [{ name: 'הפוך', quantity: 1, unitPriceAgorot: 1400 }],
  totalAgorot: 1400,
  beforeVatAgorot: 1186,
  vatAgorot: 214,
  vatRatePercent: 18,
  tipAgorot: 0,
  reason: 'מנה אזלה',
  seller: null,
  buyer: null,
  source,
  creditUrl: source === 'platform' ? '/api/invoice/x/credits/y?token=t' : '',
});

describe('the credit document page', () => {
  it('marks our own credit document as the original', () => {
    const html = creditPage(view('platform'));
    expect(html).toContain('<p class="original">מקור</p>');
    expect(html).not.toContain('העתק');
  });

  it("marks the provider's credit document shown here as a copy", () => {
    const html = creditPage(view('provider'));
    expect(html).toContain('העתק: המסמך המקורי הופק על ידי חברת הסליקה');
    expect(html).not.toContain('<p class="original">');
  });

  it('names the business the credited invoice was made out to, its number isolated left to right', () => {
    const html = creditPage({ ...view('platform'), buyer: { name: 'חברת הדוגמה <בע"מ>', taxId: '512345679' } });
    expect(html).toContain(
      '<section class="buyer" data-testid="buyer"><p><span class="label">לכבוד:</span> ' +
        '<bdi>חברת הדוגמה &#60;בע&#34;מ&#62;</bdi>, ח.פ./ע.מ. <bdi dir="ltr">512345679</bdi></p></section>',
    );
    // A private diner's document has no such block.
    expect(creditPage(view('platform'))).not.toContain('לכבוד');
  });
});

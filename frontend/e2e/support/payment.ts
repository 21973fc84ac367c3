import type { FrameLocator } from 'playwright-core';

// The diner's part inside the payment provider's page (the built-in sandbox in these tests). Selectors are the card
// fields' autocomplete tokens, not the sandbox page's markup, so the same steps fit any provider's page.

export const PAYMENT_FRAME = 'iframe[title="דף תשלום מאובטח"]';
export const GOOD_CARD = { number: '4580000000000000', expiry: '12/30', cvv: '123', name: 'ישראל ישראלי' };
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000000000000002' };

/** Fills an autocomplete field that is a text box or a list. */
async function fillField(frame: FrameLocator, token: string, value: string) {
  const field = frame.locator(`[autocomplete="${token}"]`).first();
  const tag = await field.evaluate((element) => element.tagName);
  if (tag === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

/** Card holder, number, expiry (one field or two), CVV, then pay (the button named in the page's language). */
export async function payInFrame(frame: FrameLocator, card: typeof GOOD_CARD, pay: RegExp = /תשלום/) {
  await fillField(frame, 'cc-name', card.name);
  await fillField(frame, 'cc-number', card.number);
  if ((await frame.locator('[autocomplete="cc-exp"]').count()) > 0) {
    await fillField(frame, 'cc-exp', card.expiry);
  } else {
    const [month = '', year = ''] = card.expiry.split('/');
    await fillField(frame, 'cc-exp-month', month);
    await fillField(frame, 'cc-exp-year', year);
  }
  await fillField(frame, 'cc-csc', card.cvv);
  await frame.getByRole('button', { name: pay }).first().click();
}

// An order's lines as the server priced them when the order was placed (OrderPlaced's `lines`), with the chosen
// options and the names the diner read: kept apart from the order's events, which re-export them.
import { z } from 'zod';
import { offerableLanguages } from './languages.js';
import { agorotField as agorot, textField as text } from './event-fields.js';

/**
 * A name as the diner read it in their language when the order was placed (the owner's translation then), kept
 * beside the Hebrew one the kitchen and the invoice use. Absent: the diner ordered in Hebrew, or the owner had not
 * translated it (the diner saw the Hebrew name).
 */
export const translatedNameSchema = z.object({ language: z.enum(offerableLanguages), name: text });
export type TranslatedName = z.infer<typeof translatedNameSchema>;

/** A chosen option as it was when the order was placed (option-pricing.ts's ChosenOption), names and price copied. */
export const chosenOptionSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  optionId: z.string(),
  name: z.string(),
  priceAgorot: agorot,
  /** A "without" choice (בלי בצל): the kitchen's slip sets it apart. */
  without: z.boolean(),
  /** Added 2026-11-29: the option's name in the diner's language (absent on older events). */
  translatedName: translatedNameSchema.optional(),
});

/** A line as the server priced it when the order was placed: later menu edits never change a placed order. */
export const orderLineSchema = z.object({
  productId: z.number().int().positive(),
  name: text,
  /** The product's price plus its chosen options' prices, for one unit. */
  unitPriceAgorot: agorot,
  quantity: z.number().int().min(1).max(99),
  /** The line's choices (issue 16, added 2026-11-26); older events and lines without choices lack it. */
  options: z.array(chosenOptionSchema).optional(),
  /** Added 2026-11-29: the product's name in the diner's language (absent on older events). */
  translatedName: translatedNameSchema.optional(),
  /**
   * Added 2026-11-29 (issue 33): this line's share of the order's promo discount, in agorot (absent: none). What was
   * paid for the line is its amount less this share: its VAT, and what a refund of it returns.
   */
  discountAgorot: agorot.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

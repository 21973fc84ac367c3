// Issue 33, "an address to share": the owner's readable menu address with its preview line, and the order's source
// on create-payment. The rules themselves are plain functions in ../menu-address.ts (the diner's page uses them).
import { z } from 'zod';
import '../zod-he.js';
import {
  MENU_ADDRESS_LIMITS,
  type MenuAddressProblem,
  ORDER_SOURCE_CHANNELS,
  SOURCE_TAG,
  menuAddressProblem,
  normalizeMenuAddress,
} from '../menu-address.js';
import { withoutDirectionControls } from '../text.js';

export const shareMessagesHe = {
  addressProblem: {
    length: `כתובת התפריט היא בת ${MENU_ADDRESS_LIMITS.min} עד ${MENU_ADDRESS_LIMITS.max} תווים`,
    characters: 'כתובת התפריט יכולה להכיל רק אותיות באנגלית, ספרות ומקפים בין המילים',
    needs_dash: 'כתובת של 16 תווים ומעלה צריכה מקף בין המילים, למשל cafe-hagefen',
    random_shape: 'כתובת של 16 תווים בדיוק שמורה לקודים של המערכת. הוסיפו או הסירו תו',
    reserved: 'המילה הזו שמורה למערכת. בחרו כתובת אחרת',
  } satisfies Record<MenuAddressProblem, string>,
  shareLineTooLong: 'שורת התיאור ארוכה מדי (עד 160 תווים)',
  sourceChannel: 'מקור ההזמנה אינו מוכר: שולחן, חלון או קישור',
  sourceTag: 'תג המקור (src) הוא עד 32 אותיות באנגלית, ספרות, קו תחתון או מקף',
} as const;

/** A readable address as the owner typed it: trimmed, lower-cased, then held to the rules. */
export const menuAddressSchema = z
  .string({ message: shareMessagesHe.addressProblem.length })
  .transform(normalizeMenuAddress)
  .superRefine((address, context) => {
    const problem = menuAddressProblem(address);
    if (problem) context.addIssue({ code: 'custom', message: shareMessagesHe.addressProblem[problem] });
  });

export const SHARE_LINE_MAX = 160;

/**
 * `PUT /api/business/menu-address`: the readable address (null: only the random one) and the preview's line (null or
 * empty: the first categories' names).
 */
export const menuAddressRequestSchema = z
  .object({
    // An empty field is no readable address, as null is (the settings form sends what was typed).
    address: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      menuAddressSchema.nullable(),
    ),
    shareLine: z
      .string()
      .overwrite(withoutDirectionControls)
      .trim()
      .max(SHARE_LINE_MAX, shareMessagesHe.shareLineTooLong)
      .nullish()
      .transform((line) => (line ? line : null)),
  })
  .strict();
export type MenuAddressRequest = { address: string | null; shareLine?: string | null };

/** `GET`/`PUT /api/business/menu-address`'s answer; `departmentId` is the random address, which keeps working. */
export const menuAddressResponseSchema = z.object({
  address: z.string().nullable(),
  shareLine: z.string().nullable(),
  departmentId: z.string(),
  /** Addresses this business had before: they redirect to the current one and stay this business's. */
  previous: z.array(z.string()),
});
export type MenuAddressResponse = z.infer<typeof menuAddressResponseSchema>;

/** Where the order came from (create-payment's `source`, `OrderPlaced.source`): the tag lower-cased. */
export const orderSourceSchema = z
  .object({
    channel: z.enum(ORDER_SOURCE_CHANNELS, { message: shareMessagesHe.sourceChannel }),
    tag: z
      .string({ message: shareMessagesHe.sourceTag })
      .trim()
      .toLowerCase()
      .regex(SOURCE_TAG, shareMessagesHe.sourceTag)
      .optional(),
  })
  .strict();

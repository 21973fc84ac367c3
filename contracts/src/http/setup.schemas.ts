// A new owner's first-run checklist (issue 18, decision 034) and the owner's test order.
import { z } from 'zod';

/** The checklist's steps, in the order the card shows them. */
export const SETUP_STEPS = ['details', 'category', 'product', 'qr', 'test_order', 'printing'] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

/**
 * What the server cannot see for itself and the owner's browser tells it: the QR page or the posters were
 * downloaded, and slips print through this browser (a setting of the device, decision 029).
 */
export const OWNER_SETUP_ACTIONS = ['qr_printed', 'browser_printing'] as const;
export type OwnerSetupAction = (typeof OWNER_SETUP_ACTIONS)[number];

export const recordSetupActionSchema = z.object({ action: z.enum(OWNER_SETUP_ACTIONS) }).strict();
export type RecordSetupActionRequest = z.infer<typeof recordSetupActionSchema>;

export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ id: z.enum(SETUP_STEPS), done: z.boolean() })),
  done: z.number().int().nonnegative(),
  total: z.number().int().positive(),
  /** The owner closed the card; it stays closed whatever is left. */
  dismissed: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

/** The product to send as a test (absent: the menu's first available one). */
export const placeTestOrderSchema = z.object({ productId: z.number().int().positive().optional() }).strict();
export type PlaceTestOrderRequest = z.infer<typeof placeTestOrderSchema>;

export const testOrderAnswerSchema = z.object({ orderId: z.uuid(), orderNumber: z.number().int().positive() });
export type TestOrderAnswer = z.infer<typeof testOrderAnswerSchema>;

/** Test orders a business may place in one Israel day (decision 034). */
export const TEST_ORDERS_PER_DAY = 10;

import { SETUP_STEPS, type SetupChecklist, type SetupStepId } from '@tafrit/contracts';

/** A dealer number (עוסק מורשה: an ID or a company number) is nine digits, as the tax invoice needs it. */
const DEALER_NUMBER = /^\d{9}$/;

/** What the checklist is answered from: the business's own read models and what its owner's browser told us. */
export interface SetupFacts {
  seller: { name: string; dealerNumber: string; street: string | null; city: string | null } | undefined;
  categories: number;
  products: number;
  qrPrinted: boolean;
  testOrderPlaced: boolean;
  printerPaired: boolean;
  browserPrinting: boolean;
  dismissed: boolean;
}

/**
 * The first-run checklist (issue 18, decision 034), a pure function of the facts: the business details a tax invoice
 * needs (name, dealer number, street and city), a category, a product, the QR page or posters downloaded, a test
 * order, and printing (an agent paired or printing through the browser turned on).
 */
export function setupChecklistOf(facts: SetupFacts): SetupChecklist {
  const { seller } = facts;
  const done: Record<SetupStepId, boolean> = {
    details: Boolean(
      seller && seller.name.trim() && DEALER_NUMBER.test(seller.dealerNumber) && seller.street?.trim() && seller.city,
    ),
    category: facts.categories > 0,
    product: facts.products > 0,
    qr: facts.qrPrinted,
    test_order: facts.testOrderPlaced,
    printing: facts.printerPaired || facts.browserPrinting,
  };
  const steps = SETUP_STEPS.map((id) => ({ id, done: done[id] }));
  return {
    steps,
    done: steps.filter((step) => step.done).length,
    total: steps.length,
    dismissed: facts.dismissed,
  };
}

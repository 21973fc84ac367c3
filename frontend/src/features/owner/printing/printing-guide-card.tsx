// Settings' card of printing through the browser (issue 18), the way that needs no install on any system and the one
// the printing card offers where no program is: the live console's switch, how to let Chromium print without its
// dialog, and a test slip printed that way. The program's setup is the printing card's (printing-setup.tsx).
import type { PaperWidth } from '@tafrit/contracts/printing';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useEffect, useId, useState } from 'react';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { loadPreference, preparePrint } from './browser-print/browser-print';
import { PrintRoot } from './browser-print/print-root';
import { SlipView } from './browser-print/slip-view';
import { hePrinting } from './browser-print/strings';
import { BROWSER_PRINTING_ID } from './printing-setup';

const t = hePrinting.guide;
const KIOSK_SWITCH = '--kiosk-printing';

const testOrder = (): LiveOrder => ({
  orderId: 'browser-test-slip',
  orderNumber: 1,
  paidAt: new Date().toISOString(),
  tableNumber: 1,
  lines: [
    {
      name: hePrinting.slip.testLine,
      quantity: 1,
      lineTotalAgorot: 1400,
      options: [{ groupName: '', name: hePrinting.slip.testOption, priceAgorot: 0, without: false }],
    },
  ],
  remarks: null,
  totalAgorot: 1400,
  status: 'paid',
  printStatus: 'none',
  printError: null,
  refundedAgorot: 0,
});

export function PrintingGuideCard() {
  const titleId = useId();
  const [testSlip, setTestSlip] = useState<{ paper: PaperWidth; order: LiveOrder } | null>(null);

  useEffect(() => {
    if (!testSlip) return;
    preparePrint(testSlip.paper);
    window.print();
  }, [testSlip]);

  return (
    <section
      id={BROWSER_PRINTING_ID}
      aria-labelledby={titleId}
      className={`${cardClass} scroll-mt-4 md:col-span-2`}
      data-testid="printing-guide"
    >
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className="mt-2 text-muted">{t.intro}</p>

      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-6 text-ink marker:font-bold">
        {t.browserSteps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <h3 className="mt-4 font-bold text-ink">{t.kioskTitle}</h3>
      <p className="mt-1 text-ink">{t.kioskText}</p>
      <pre
        dir="ltr"
        className="mt-1 overflow-x-auto rounded-lg border border-line bg-canvas p-3 text-start text-sm text-ink"
        data-testid="kiosk-switch"
      >
        <code>{KIOSK_SWITCH}</code>
      </pre>
      <p className="mt-1 text-ink">{t.kioskAfter}</p>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4`}
        onClick={() => setTestSlip({ paper: loadPreference().paper, order: testOrder() })}
        data-testid="browser-test-print"
      >
        {t.testButton}
      </button>
      {testSlip ? (
        <PrintRoot>
          <SlipView order={testSlip.order} paper={testSlip.paper} title={hePrinting.slip.test} />
        </PrintRoot>
      ) : null}
    </section>
  );
}

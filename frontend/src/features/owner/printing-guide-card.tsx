// Settings' printing guide (issue 18): the two ways to print, step by step in Hebrew. The program: the single-file
// agent for Windows or Linux when this server has it built (asked with HEAD), its local setup page and the pairing
// code of the card above. No install: printing through the browser from the live console, how to let Chromium print
// without its dialog, and a test slip printed that way.
import {
  AGENT_DOWNLOAD_PATH,
  AGENT_EXECUTABLE_PLATFORMS,
  agentExecutableName,
  type AgentExecutablePlatform,
  type PaperWidth,
} from '@tafrit/contracts/printing';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useEffect, useId, useState } from 'react';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { loadPreference, preparePrint } from './browser-print/browser-print';
import { PrintRoot } from './browser-print/print-root';
import { SlipView } from './browser-print/slip-view';
import { hePrinting } from './browser-print/strings';

const t = hePrinting.guide;
const KIOSK_SWITCH = '--kiosk-printing';

const executableUrl = (platform: AgentExecutablePlatform) => `${AGENT_DOWNLOAD_PATH}/${agentExecutableName(platform)}`;

/**
 * Which executables this server offers, from the list the builds write beside the packages (`/downloads/index.json`):
 * a program that was not built is simply absent, and nothing is asked that would answer 404.
 */
function useExecutables(): AgentExecutablePlatform[] | null {
  const [found, setFound] = useState<AgentExecutablePlatform[] | null>(null);
  useEffect(() => {
    let live = true;
    const offered = async (): Promise<string[]> => {
      try {
        const response = await fetch(`${AGENT_DOWNLOAD_PATH}/index.json`, { credentials: 'same-origin' });
        const body = (response.ok ? await response.json() : null) as { files?: unknown } | null;
        return Array.isArray(body?.files) ? body.files.filter((name): name is string => typeof name === 'string') : [];
      } catch {
        return [];
      }
    };
    void offered().then((files) => {
      if (!live) return;
      setFound(AGENT_EXECUTABLE_PLATFORMS.filter((platform) => files.includes(agentExecutableName(platform))));
    });
    return () => {
      live = false;
    };
  }, []);
  return found;
}

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
  const executables = useExecutables();
  const [testSlip, setTestSlip] = useState<{ paper: PaperWidth; order: LiveOrder } | null>(null);

  useEffect(() => {
    if (!testSlip) return;
    preparePrint(testSlip.paper);
    window.print();
  }, [testSlip]);

  return (
    <section aria-labelledby={titleId} className={`${cardClass} md:col-span-2`} data-testid="printing-guide">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className="mt-2 text-muted">{t.intro}</p>

      <h3 className="mt-6 text-lg font-bold text-ink">{t.programTitle}</h3>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-6 text-ink marker:font-bold">
        {t.programSteps.map((step, index) => (
          <li key={index}>
            {step}
            {index === 2 ? (
              <>
                {' '}
                <bdi dir="ltr" className="font-mono">
                  {window.location.origin}
                </bdi>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="mt-4" aria-busy={executables === null || undefined}>
        {executables === null ? null : executables.length === 0 ? (
          <p className={hintClass} data-testid="executables-missing">
            {t.noExecutable}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {executables.map((platform) => (
              <li key={platform}>
                <a
                  href={executableUrl(platform)}
                  download
                  className={secondaryButtonClass}
                  data-testid={`agent-executable-${platform}`}
                >
                  {t.download[platform]}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className={`${hintClass} mt-2`}>{t.windowsWarning}</p>
        <p className={`${hintClass} mt-1`}>{t.linuxNote}</p>
        <p className={`${hintClass} mt-1`}>{t.macNote}</p>
      </div>

      <h3 className="mt-6 text-lg font-bold text-ink">{t.browserTitle}</h3>
      <ol className="mt-3 flex list-decimal flex-col gap-2 ps-6 text-ink marker:font-bold">
        {t.browserSteps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <h4 className="mt-4 font-bold text-ink">{t.kioskTitle}</h4>
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

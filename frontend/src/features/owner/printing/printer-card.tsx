// Settings' local-printing card (product spec §2): the printer's status (asked every 30 s), the setup path for the
// computer's system with the one-time pairing code (printing-setup.tsx), the slip's paper width and a test print.
import { messageFor } from '@tafrit/contracts/messages.he';
import type { PaperWidth } from '@tafrit/contracts/printing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cardClass, cardTitleClass, errorTextClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { isApiError } from '@/lib/api-client';
import {
  printerSettingsQueryOptions,
  savePaperWidth,
  sendTestPrint,
  usePrinterSettings,
  usePrinterStatus,
} from '../shared/api/printer';
import { errorDescription } from '../shared/errors';
import { PrintingSetup } from './printing-setup';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import { RadioChoice } from './radio-choice';

const t = heOwner.printer;
const PAPER_WIDTH_OPTIONS: PaperWidth[] = ['80mm', '58mm'];

/** A printer error in Hebrew: the catalogue's sentence for a printer code, else what the server or client said. */
function printerErrorText(error: unknown): string {
  if (isApiError(error) && error.code?.startsWith('printer.')) return messageFor(error.code);
  return errorDescription(error);
}

export function PrinterCard({ businessPhone }: { businessPhone: string | undefined }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${cardClass} md:col-span-2`} data-testid="printer-card">
      <h2 id={titleId} className={cardTitleClass}>
        {heOwner.settings.printerTitle}
      </h2>
      <p className="mt-2 text-muted">{t.description}</p>
      <PrinterStatusLine businessPhone={businessPhone} />
      <PrintingSetup describeError={printerErrorText} />
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <PaperWidthChoice />
        <TestPrint />
      </div>
    </section>
  );
}

function PrinterStatusLine({ businessPhone }: { businessPhone: string | undefined }) {
  const status = usePrinterStatus(businessPhone);
  let dot = 'bg-muted';
  let content;
  if (status.data) {
    const { isOnline, printerName, lastSeen } = status.data;
    dot = isOnline ? 'bg-brand-700' : 'bg-danger';
    content = isOnline ? (
      <>
        <span className="font-bold text-brand-700">{t.connected}</span>
        {printerName ? <span className="text-ink"> – {printerName}</span> : null}
      </>
    ) : (
      <>
        <span className="font-bold text-danger">{t.disconnected}</span>
        <span className="text-muted">
          {' – '}
          {lastSeen ? (
            <>
              {t.lastSeen}{' '}
              <time dateTime={lastSeen}>
                <bdi dir="ltr">{formatIsraelDateTime(lastSeen)}</bdi>
              </time>
            </>
          ) : (
            t.neverConnected
          )}
        </span>
      </>
    );
  } else if (status.isError) {
    dot = 'bg-danger';
    content = <span className="text-danger">{t.statusError}</span>;
  } else {
    content = <span className="text-muted">{t.checking}</span>;
  }
  return (
    <p role="status" className="mt-4 flex flex-wrap items-center gap-2 text-lg" data-testid="printer-status">
      <span className="sr-only">{t.statusLabel}: </span>
      <span aria-hidden="true" className={`inline-block size-3 rounded-full ${dot}`} />
      {content}
    </p>
  );
}

function PaperWidthChoice() {
  const name = useId();
  const queryClient = useQueryClient();
  const settings = usePrinterSettings();
  const [confirmation, setConfirmation] = useState('');
  const current = settings.data?.paperWidth;
  const key = printerSettingsQueryOptions().queryKey;
  // Shown chosen at once; put back if the server refuses.
  const save = useMutation({
    mutationFn: savePaperWidth,
    onMutate: (paperWidth) => {
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, paperWidth });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      setConfirmation(t.paperSaved);
      toast({ title: t.paperSaved });
    },
    onError: (saveError, _paperWidth, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast({ variant: 'destructive', title: t.paperError, description: printerErrorText(saveError) });
    },
  });
  const saving = save.isPending;

  function onChange(paperWidth: PaperWidth) {
    if (paperWidth === current || saving) return;
    setConfirmation('');
    save.mutate(paperWidth);
  }

  return (
    <fieldset aria-busy={saving || undefined} data-testid="paper-width">
      <legend className="text-lg font-bold text-ink">{t.paperTitle}</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {PAPER_WIDTH_OPTIONS.map((width) => (
          <RadioChoice
            key={width}
            name={name}
            value={width}
            checked={current === width}
            disabled={!settings.data}
            onChange={() => onChange(width)}
          >
            {t.paper[width]}
          </RadioChoice>
        ))}
      </div>
      <p role="status" className="mt-2 text-brand-700" data-testid="paper-width-status">
        {confirmation}
      </p>
      {settings.isError ? <p className={errorTextClass}>{errorDescription(settings.error)}</p> : null}
    </fieldset>
  );
}

function TestPrint() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const print = useMutation({
    mutationFn: sendTestPrint,
    onSuccess: () => setResult({ ok: true, text: t.testPrintSent }),
    onError: (printError) => setResult({ ok: false, text: `${t.testPrintError}: ${printerErrorText(printError)}` }),
  });

  function onTestPrint() {
    setResult(null);
    print.mutate();
  }

  return (
    <div>
      <PendingButton
        type="button"
        pending={print.isPending}
        pendingLabel={t.testPrinting}
        onClick={onTestPrint}
        className={secondaryButtonClass}
      >
        {t.testPrint}
      </PendingButton>
      <p
        role="status"
        className={`mt-2 ${result?.ok === false ? 'font-medium text-danger' : 'text-brand-700'}`}
        data-testid="test-print-result"
      >
        {result?.text ?? ''}
      </p>
    </div>
  );
}

// Settings' local-printing card (product spec §2): the printer's status (asked every 30 s), the agent's downloads,
// the three setup steps with a one-time pairing code and the exact command to run, the slip's paper width and a test
// print.
import { messageFor, uiMessagesHe } from '@tafrit/contracts/messages.he';
import { AGENT_PLATFORMS, type AgentPlatform, type PaperWidth } from '@tafrit/contracts/printing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { isApiError } from '@/lib/api-client';
import {
  agentDownloadAvailable,
  agentDownloadUrl,
  createPairingCode,
  formatPairingCode,
  printerSettingsQueryOptions,
  savePaperWidth,
  sendTestPrint,
  usePrinterSettings,
  usePrinterStatus,
} from './api/printer';
import { errorDescription } from './errors';
import { formatIsraelDateTime } from '@tafrit/contracts/months';

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
      <AgentDownloads />
      <SetupSteps />
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

function AgentDownloads() {
  const titleId = useId();
  const [checking, setChecking] = useState<AgentPlatform | null>(null);

  async function onDownload(event: MouseEvent<HTMLAnchorElement>, platform: AgentPlatform) {
    // Asked first, so a missing package gives the spec's toast instead of an error page.
    event.preventDefault();
    if (checking) return;
    setChecking(platform);
    const available = await agentDownloadAvailable(platform);
    setChecking(null);
    if (!available) {
      toast({ variant: 'destructive', title: uiMessagesHe.agentDownloadError });
      return;
    }
    const link = document.createElement('a');
    link.href = agentDownloadUrl(platform);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }

  return (
    <div className="mt-6">
      <h3 id={titleId} className="text-lg font-bold text-ink">
        {t.downloadsTitle}
      </h3>
      <ul aria-labelledby={titleId} className="mt-3 flex flex-wrap gap-3">
        {AGENT_PLATFORMS.map((platform) => (
          <li key={platform}>
            <a
              href={agentDownloadUrl(platform)}
              download
              onClick={(event) => void onDownload(event, platform)}
              aria-busy={checking === platform || undefined}
              className={`${secondaryButtonClass} gap-2`}
              data-testid={`agent-download-${platform}`}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M10 3v10m0 0l-4-4m4 4l4-4M3 13v3a1 1 0 001 1h12a1 1 0 001-1v-3" />
              </svg>
              {checking === platform ? t.downloading : t.download[platform]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function useCountdown(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

function minutesAndSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}

function SetupSteps() {
  const titleId = useId();
  const [pairing, setPairing] = useState<{ code: string; expiresAt: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useCountdown(pairing?.expiresAt ?? null);
  const expired = secondsLeft === 0;
  const code = pairing && !expired ? formatPairingCode(pairing.code) : t.codePlaceholder;
  const command = `node tafrit-agent.mjs pair ${code} --server ${window.location.origin}`;

  async function onCreate() {
    setCreating(true);
    setError(null);
    try {
      setPairing(await createPairingCode());
    } catch (createError) {
      setError(printerErrorText(createError));
    } finally {
      setCreating(false);
    }
  }

  return (
    <div className="mt-6">
      <h3 id={titleId} className="text-lg font-bold text-ink">
        {t.stepsTitle}
      </h3>
      <ol aria-labelledby={titleId} className="mt-3 flex list-decimal flex-col gap-4 ps-6 text-ink marker:font-bold">
        <li>{t.step1}</li>
        <li>
          <p>{t.step2}</p>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <PendingButton
              type="button"
              pending={creating}
              pendingLabel={t.creatingCode}
              onClick={() => void onCreate()}
              className={primaryButtonClass}
            >
              {pairing ? t.newCode : t.createCode}
            </PendingButton>
            <div role="status" data-testid="pairing-code-status">
              {pairing && !expired ? (
                <p className="text-lg">
                  {t.codeLabel}{' '}
                  <bdi dir="ltr" className="font-mono text-2xl font-bold tracking-wider" data-testid="pairing-code">
                    {formatPairingCode(pairing.code)}
                  </bdi>
                  <span className="block text-base text-muted">
                    {t.codeExpiresIn}{' '}
                    <bdi dir="ltr" data-testid="pairing-countdown">
                      {minutesAndSeconds(secondsLeft ?? 0)}
                    </bdi>
                    {' · '}
                    {t.codeHint}
                  </span>
                </p>
              ) : pairing ? (
                <p className="font-medium text-danger">{t.codeExpired}</p>
              ) : null}
            </div>
          </div>
          {error ? (
            <p role="alert" className={errorTextClass}>
              {error}
            </p>
          ) : null}
          <p className={`${hintClass} mt-3`}>{t.commandLabel}</p>
          {/* Focusable: on a phone the command scrolls sideways, and keyboard users must be able to scroll it too. */}
          <pre
            dir="ltr"
            tabIndex={0}
            className="mt-1 overflow-x-auto rounded-lg border border-line bg-canvas p-3 text-start text-sm text-ink"
            data-testid="pair-command"
          >
            <code>{command}</code>
          </pre>
        </li>
        <li>{t.step3}</li>
      </ol>
    </div>
  );
}

function PaperWidthChoice() {
  const name = useId();
  const queryClient = useQueryClient();
  const settings = usePrinterSettings();
  const [saving, setSaving] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const current = settings.data?.paperWidth;

  async function onChange(paperWidth: PaperWidth) {
    if (paperWidth === current || saving) return;
    setSaving(true);
    setConfirmation('');
    const key = printerSettingsQueryOptions().queryKey;
    const before = settings.data;
    if (before) queryClient.setQueryData(key, { ...before, paperWidth });
    try {
      queryClient.setQueryData(key, await savePaperWidth(paperWidth));
      setConfirmation(t.paperSaved);
      toast({ title: t.paperSaved });
    } catch (saveError) {
      if (before) queryClient.setQueryData(key, before);
      toast({ variant: 'destructive', title: t.paperError, description: printerErrorText(saveError) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset aria-busy={saving || undefined} data-testid="paper-width">
      <legend className="text-lg font-bold text-ink">{t.paperTitle}</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {PAPER_WIDTH_OPTIONS.map((width) => (
          <label
            key={width}
            className={
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-4 ' +
              'has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 ' +
              'has-focus-visible:outline-offset-2 has-focus-visible:outline-focus has-focus-visible:outline-solid'
            }
          >
            <input
              type="radio"
              name={name}
              value={width}
              checked={current === width}
              disabled={!settings.data}
              onChange={() => void onChange(width)}
              className="size-5 accent-brand-700"
            />
            <span className="font-medium text-ink">{t.paper[width]}</span>
          </label>
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
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onTestPrint() {
    setSending(true);
    setResult(null);
    try {
      await sendTestPrint();
      setResult({ ok: true, text: t.testPrintSent });
    } catch (printError) {
      setResult({ ok: false, text: `${t.testPrintError}: ${printerErrorText(printError)}` });
    } finally {
      setSending(false);
    }
  }

  return (
    <div>
      <PendingButton
        type="button"
        pending={sending}
        pendingLabel={t.testPrinting}
        onClick={() => void onTestPrint()}
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

// The printing card's setup (issue 29): one guided path for the system of the computer beside the printer, in the
// words of the buttons it names. Windows and Linux: the single-file program when this server built it (decision
// 029), else a word that it was not and the way to browser printing; the package with Node.js as the advanced way.
// Mac: the package with Node.js (no executable can be signed here). One pairing code serves whichever path is shown.
import { uiMessagesHe } from '@tafrit/contracts/messages.he';
import {
  AGENT_DOWNLOAD_PATH,
  AGENT_EXECUTABLE_PLATFORMS,
  agentExecutableName,
  type AgentExecutablePlatform,
  type AgentPlatform,
} from '@tafrit/contracts/printing';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { primaryButtonClass, secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { agentDownloadAvailable, agentDownloadUrl, createPairingCode, formatPairingCode } from '../shared/api/printer';
import { RadioChoice } from './radio-choice';

const t = heOwner.printer;
/** The browser-printing card's anchor (printing-guide-card.tsx): the way offered where no program is. */
export const BROWSER_PRINTING_ID = 'browser-printing';

/** The system this browser runs on: the likeliest one the printer's computer has. */
export function guessSystem(userAgent: string): AgentPlatform {
  if (/Macintosh|Mac OS X/.test(userAgent) && !/iPhone|iPad/.test(userAgent)) return 'mac';
  if (/Linux|X11/.test(userAgent) && !/Android/.test(userAgent)) return 'linux';
  return 'windows';
}

const isExecutablePlatform = (system: AgentPlatform): system is AgentExecutablePlatform =>
  (AGENT_EXECUTABLE_PLATFORMS as readonly string[]).includes(system);

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

interface Pairing {
  /** The code as typed (ABCD-2345) while it is valid, else null. */
  code: string | null;
  element: ReactNode;
}

/** The one pairing code of the card: its button, the code with its countdown, and a failure's reason. */
function usePairing(describeError: (error: unknown) => string): Pairing {
  const [pairing, setPairing] = useState<{ code: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useCountdown(pairing?.expiresAt ?? null);
  const expired = secondsLeft === 0;
  const create = useMutation({
    mutationFn: createPairingCode,
    onSuccess: setPairing,
    onError: (createError) => setError(describeError(createError)),
  });
  const creating = create.isPending;

  function onCreate() {
    setError(null);
    create.mutate();
  }

  const element = (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <PendingButton
          type="button"
          pending={creating}
          pendingLabel={t.creatingCode}
          onClick={onCreate}
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
    </>
  );
  return { code: pairing && !expired ? formatPairingCode(pairing.code) : null, element };
}

export function PrintingSetup({ describeError }: { describeError: (error: unknown) => string }) {
  const name = useId();
  const [system, setSystem] = useState<AgentPlatform>(() => guessSystem(navigator.userAgent));
  const executables = useExecutables();
  const pairing = usePairing(describeError);
  const systemName = t.systems[system];

  let path;
  if (!isExecutablePlatform(system)) {
    path = (
      <>
        <p className="mt-3 text-ink" data-testid="mac-intro">
          {t.macIntro} <BrowserPrintingLink />
        </p>
        <h4 className="mt-4 font-bold text-ink">{t.packageTitle}</h4>
        <PackageSteps system={system} pairing={pairing} codeHere />
      </>
    );
  } else if (executables === null) {
    path = (
      <p role="status" className="mt-3 text-muted">
        {t.checkingPrograms}
      </p>
    );
  } else if (!executables.includes(system)) {
    path = (
      <>
        <p className="mt-3 text-ink" data-testid="executables-missing">
          {t.notBuilt(systemName)} <BrowserPrintingLink />
        </p>
        <Advanced system={system} pairing={pairing} codeHere />
      </>
    );
  } else {
    path = (
      <>
        <ExecutableSteps system={system} pairing={pairing} />
        <Advanced system={system} pairing={pairing} codeHere={false} />
      </>
    );
  }

  return (
    <div className="mt-6" data-testid="printing-setup" data-system={system}>
      <fieldset>
        <legend className="text-lg font-bold text-ink">{t.systemLegend}</legend>
        <div className="mt-3 flex flex-wrap gap-3">
          {(['windows', 'mac', 'linux'] as const).map((option) => (
            <RadioChoice
              key={option}
              name={name}
              value={option}
              checked={system === option}
              onChange={() => setSystem(option)}
            >
              {t.systems[option]}
            </RadioChoice>
          ))}
        </div>
      </fieldset>
      <h3 className="mt-6 text-lg font-bold text-ink">{t.programTitle(systemName)}</h3>
      {path}
    </div>
  );
}

function BrowserPrintingLink() {
  return (
    <a href={`#${BROWSER_PRINTING_ID}`} className={textLinkClass}>
      {t.toBrowserPrinting}
    </a>
  );
}

const stepsClass = 'mt-3 flex list-decimal flex-col gap-4 ps-6 text-ink marker:font-bold';

function ExecutableSteps({ system, pairing }: { system: AgentExecutablePlatform; pairing: Pairing }) {
  const s = t.executableSteps;
  return (
    <ol className={stepsClass} data-testid="executable-steps">
      <li>
        <p>{s.download(t.executable[system])}</p>
        <a
          href={`${AGENT_DOWNLOAD_PATH}/${agentExecutableName(system)}`}
          download
          className={`${secondaryButtonClass} mt-2`}
          data-testid={`agent-executable-${system}`}
        >
          {t.executable[system]}
        </a>
      </li>
      <li>{s.open[system]}</li>
      <li>
        <p>
          {s.code(t.createCode)}{' '}
          <bdi dir="ltr" className="font-mono">
            {window.location.origin}
          </bdi>
        </p>
        {pairing.element}
      </li>
      <li>{s.printer}</li>
      <li>{s.connect}</li>
    </ol>
  );
}

function Advanced({ system, pairing, codeHere }: { system: AgentPlatform; pairing: Pairing; codeHere: boolean }) {
  return (
    <details className="mt-5 rounded-lg border border-line p-3" data-testid="advanced-package">
      <summary className="min-h-11 cursor-pointer content-center font-bold text-ink">{t.advancedTitle}</summary>
      <PackageSteps system={system} pairing={pairing} codeHere={codeHere} />
    </details>
  );
}

function PackageSteps({ system, pairing, codeHere }: { system: AgentPlatform; pairing: Pairing; codeHere: boolean }) {
  const s = t.packageSteps;
  const command = `node tafrit-agent.mjs pair ${pairing.code ?? t.codePlaceholder} --server ${window.location.origin}`;
  return (
    <ol className={stepsClass} data-testid="package-steps">
      <li>{s.node}</li>
      <li>
        <p>{s.download(t.download[system])}</p>
        <PackageDownload system={system} />
      </li>
      <li>
        <p>
          {codeHere
            ? s.command(t.createCode, t.terminal[system])
            : s.commandWithCodeAbove(t.createCode, t.terminal[system])}
        </p>
        {codeHere ? pairing.element : null}
        <p className={`${hintClass} mt-3`}>{t.commandLabel}</p>
        {/* Wrapped, not scrolled: a scrolling box on a phone would be a region the keyboard cannot reach (axe). */}
        <pre
          dir="ltr"
          className="mt-1 rounded-lg border border-line bg-canvas p-3 text-start text-sm break-all whitespace-pre-wrap text-ink"
          data-testid="pair-command"
        >
          <code>{command}</code>
        </pre>
      </li>
      <li>{s.start(t.startFile[system])}</li>
    </ol>
  );
}

function PackageDownload({ system }: { system: AgentPlatform }) {
  const [checking, setChecking] = useState(false);

  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    // Asked first, so a missing package gives the spec's toast instead of an error page.
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const available = await agentDownloadAvailable(system);
    setChecking(false);
    if (!available) {
      toast({ variant: 'destructive', title: uiMessagesHe.agentDownloadError });
      return;
    }
    const link = document.createElement('a');
    link.href = agentDownloadUrl(system);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  }

  return (
    <a
      href={agentDownloadUrl(system)}
      download
      onClick={(event) => void onDownload(event)}
      aria-busy={checking || undefined}
      className={`${secondaryButtonClass} mt-2 gap-2`}
      data-testid={`agent-download-${system}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M10 3v10m0 0l-4-4m4 4l4-4M3 13v3a1 1 0 001 1h12a1 1 0 001-1v-3" />
      </svg>
      {checking ? t.downloading : t.download[system]}
    </a>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TextField } from '@/components/ui/form-field';
import { cardClass, cardTitleClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass, textLinkClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { noteSetupAction } from '../shared/api/setup';
import { ownerTablesQueryOptions, useOwnerTables } from '../shared/api/tables';
import { downloadFile } from './download-file';
import { PosterPdfSection } from './poster-pdf-section';
import { WindowPosterSection } from './window-poster-section';
// The poster's font faces: declared with the owner's screens, downloaded only when a poster is drawn (document.fonts.load).
import './poster-fonts.css';
import {
  QR_MARGIN_MODULES,
  canvasToPng,
  drawPoster,
  loadImage,
  parseTableCount,
  posterFileName,
  posterLayout,
  posterTargets,
  publicMenuUrl,
  type PosterTarget,
  type QrModules,
} from './qr-poster';

const t = heOwner.settings;

/** The code's modules for `text`. `qrcode` is loaded on demand: it is only needed on this card. */
export async function qrModules(text: string): Promise<QrModules> {
  const { create } = await import('qrcode');
  return create(text, { errorCorrectionLevel: 'M' }).modules;
}

/** The code as SVG: one path of unit squares, crisp at any size. */
export function QrSvg({ modules, label }: { modules: QrModules; label: string }) {
  const count = modules.size + 2 * QR_MARGIN_MODULES;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + QR_MARGIN_MODULES} ${row + QR_MARGIN_MODULES}h1v1h-1z`;
    }
  }
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md border border-line bg-white"
      data-testid="qr-code"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

interface Poster {
  blob: Blob;
  fileName: string;
}

/** Draws the posters one after another on one canvas (a 2480 x 3508 canvas is 35 MB of pixels). */
async function makePosters(args: {
  origin: string;
  departmentId: string;
  businessName: string;
  logo: string | null | undefined;
  /** Each poster's table and address (posterTargets). */
  targets: PosterTarget[];
}): Promise<Poster[]> {
  const [logo] = await Promise.all([
    loadImage(args.logo),
    // The text is drawn in Heebo (poster-fonts.css); the canvas would silently fall back to another font if it were
    // not loaded.
    document.fonts?.load('bold 150px Heebo', 'סרקו').catch(() => undefined),
    document.fonts?.load('60px Heebo', 'סרקו').catch(() => undefined),
  ]);
  const canvas = document.createElement('canvas');
  const posters: Poster[] = [];
  for (const { table, url } of args.targets) {
    const layout = posterLayout({
      businessName: args.businessName,
      callToAction: t.qrPosterCallToAction,
      url,
      tableLabel: table === undefined ? undefined : t.qrPosterTable(table),
      logo: logo ? { width: logo.naturalWidth, height: logo.naturalHeight } : null,
    });
    drawPoster(canvas, layout, await qrModules(url), logo);
    posters.push({ blob: await canvasToPng(canvas), fileName: posterFileName(args.departmentId, table) });
  }
  canvas.width = 0;
  canvas.height = 0;
  return posters;
}

/**
 * Prints the posters from a hidden frame, one A4 page each, so the console itself is never printed. The frame is
 * same-origin (about:blank) and holds only images and a style sheet: no script of its own.
 */
function print(posters: Poster[], title: string): Promise<void> {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;inset-inline-start:-10000px;top:0;width:1px;height:1px;border:0;';
  document.body.append(frame);
  const frameWindow = frame.contentWindow;
  const frameDocument = frame.contentDocument;
  if (!frameWindow || !frameDocument) {
    frame.remove();
    return Promise.reject(new Error('no print frame'));
  }
  const urls = posters.map((poster) => URL.createObjectURL(poster.blob));
  const style = frameDocument.createElement('style');
  style.textContent =
    '@page { size: A4 portrait; margin: 0 } html, body { margin: 0 } ' +
    'img { display: block; width: 210mm; height: 297mm; break-after: page } img:last-child { break-after: auto }';
  frameDocument.head.append(style);
  const loaded = urls.map((url) => {
    const image = frameDocument.createElement('img');
    image.alt = '';
    frameDocument.body.append(image);
    return new Promise<void>((resolve) => {
      image.onload = () => resolve();
      image.onerror = () => resolve();
      image.src = url;
    });
  });
  return Promise.all(loaded).then(() => {
    const cleanUp = () => {
      frame.remove();
      for (const url of urls) URL.revokeObjectURL(url);
    };
    frameWindow.addEventListener('afterprint', () => setTimeout(cleanUp, 0), { once: true });
    // Some browsers never send afterprint: the frame goes anyway after a while.
    setTimeout(cleanUp, 10 * 60_000);
    frameWindow.focus();
    frameWindow.print();
  });
}

/** Settings' QR card (spec §2, §9): the code of the public menu, its address, and the printable posters. */
export function QrCard({
  departmentId,
  businessName,
  logo,
  children,
}: {
  departmentId: string | null | undefined;
  businessName: string;
  logo: string | null | undefined;
  /** Shown at the card's end when the business has an address (settings: the regenerate-qr section). */
  children?: ReactNode;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  // Kept with the address it encodes: after a new address, the old code is never shown beside the new link.
  const [code, setCode] = useState<{ url: string; modules: QrModules } | null>(null);
  const [tablesText, setTablesText] = useState('');
  // With the shared table on (issue 34), the tables and their posters' addresses (with each table's secret) are the
  // server's: the Tables card's list replaces the count field. A refusal or a failure reads as "not shared".
  const ownerTables = useOwnerTables(Boolean(departmentId));
  const sharedTables = ownerTables.data?.shared ? ownerTables.data.tables : null;
  const tablesField = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'print' | 'download' | null>(null);
  const [status, setStatus] = useState('');
  const origin = window.location.origin;
  const url = departmentId ? publicMenuUrl(origin, departmentId) : null;
  const tables = sharedTables ? sharedTables.length : parseTableCount(tablesText);
  const tablesError = tables === null ? t.qrTablesInvalid : undefined;
  const modules = code && code.url === url ? code.modules : null;

  useEffect(() => {
    if (!url) return;
    let live = true;
    qrModules(url).then(
      (next) => {
        if (live) setCode({ url, modules: next });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);

  async function run(kind: 'print' | 'download') {
    if (!departmentId || busy || tables === null) return;
    setBusy(kind);
    setStatus(t.qrPreparing);
    try {
      // Asked again at the click: the tables may have been shared (or their secrets renewed) since the card loaded.
      const listed = await queryClient.fetchQuery(ownerTablesQueryOptions).catch(() => null);
      const targets = posterTargets({
        origin,
        departmentId,
        count: tables,
        shared: listed?.shared ? listed.tables : null,
      });
      const posters = await makePosters({ origin, departmentId, businessName, logo, targets });
      if (kind === 'download') {
        for (const poster of posters) downloadFile(poster.blob, poster.fileName);
        setStatus(t.qrDownloaded(posters.length));
      } else {
        setStatus('');
        await print(posters, t.qrPrintFrameTitle);
      }
      // The first-run checklist's QR step (decision 034): the server cannot see a download or a print.
      noteSetupAction(queryClient, 'qr_printed');
    } catch {
      setStatus('');
      toast({ variant: 'destructive', title: t.qrPosterError });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="qr-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.qrTitle}
      </h2>
      {!url ? (
        <p className="mt-3 text-muted">{t.qrNoDepartment}</p>
      ) : (
        <>
          <p className="mt-3 text-muted">{t.qrDescription}</p>
          <div className="mt-4 flex justify-center">
            {modules ? (
              <a href={url} target="_blank" rel="noopener" className="rounded-md" data-testid="qr-link">
                <QrSvg modules={modules} label={`${t.qrAlt} ${heOwner.menuManagement.newTab}`} />
              </a>
            ) : (
              <p role="status" className="text-muted">
                {t.qrLoading}
              </p>
            )}
          </div>
          <p className="mt-3 text-center">
            <span className="text-muted">{t.qrLinkLabel}</span>{' '}
            <a
              href={url}
              target="_blank"
              rel="noopener"
              dir="ltr"
              className={`${textLinkClass} break-all`}
              data-testid="qr-url"
            >
              {url}
            </a>
          </p>
          {sharedTables ? (
            <div className="mt-5" data-testid="qr-shared-tables">
              <p className="text-ink">{t.qrSharedTables(sharedTables.length)}</p>
              <p className={`${hintClass} mt-1`}>
                {t.qrSharedTablesList} <bdi dir="ltr">{sharedTables.map((table) => table.number).join(', ')}</bdi>
              </p>
            </div>
          ) : (
            <TextField
              className="mt-5"
              label={t.qrTables}
              labelNote={heOwner.fields.optional}
              hint={t.qrTablesHint}
              error={tablesError}
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              step={1}
              ltr
              value={tablesText}
              onChange={(event) => setTablesText(event.target.value)}
              ref={tablesField}
              data-testid="qr-tables"
            />
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            <PendingButton
              type="button"
              pending={busy === 'download'}
              pendingLabel={t.qrPreparing}
              onClick={() => void run('download')}
              data-testid="qr-download"
            >
              {t.qrDownload}
            </PendingButton>
            <PendingButton
              type="button"
              pending={busy === 'print'}
              pendingLabel={t.qrPreparing}
              onClick={() => void run('print')}
              className={secondaryButtonClass}
              data-testid="qr-print"
            >
              {t.qrPrint}
            </PendingButton>
          </div>
          <p role="status" className={`${hintClass} mt-3`}>
            {status}
          </p>
          {departmentId ? (
            <PosterPdfSection
              origin={origin}
              departmentId={departmentId}
              businessName={businessName}
              logo={logo}
              tables={tables}
              sharedTables={sharedTables}
              focusTables={() => tablesField.current?.focus()}
            />
          ) : null}
          {departmentId ? (
            <WindowPosterSection origin={origin} departmentId={departmentId} businessName={businessName} logo={logo} />
          ) : null}
          {children}
        </>
      )}
    </section>
  );
}

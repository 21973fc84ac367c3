import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { dinerLanguagesQueryOptions, useDinerLanguages } from '../shared/api/diner-languages';
import { noteSetupAction } from '../shared/api/setup';
import { ownerTablesQueryOptions } from '../shared/api/tables';
import { downloadFile } from './download-file';
import { posterLanguages, posterPdfFileName } from './poster-layout';
import { posterPdfText as t, type PosterFormat } from './poster-text';

const FORMATS: PosterFormat[] = ['a4', 'tent'];

const optionClass =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface px-4 py-2 ' +
  'has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-3 ' +
  'has-focus-visible:outline-offset-2 has-focus-visible:outline-focus has-focus-visible:outline-solid';

/**
 * The QR card's "PDF for all tables" (issue 18): one file with a page per table, as A4 posters or as folded table
 * cards, each with the table's own code. The PDF code and its library load only when the owner asks (decision 030).
 */
export function PosterPdfSection({
  origin,
  departmentId,
  businessName,
  logo,
  tables,
  sharedTables,
  focusTables,
}: {
  origin: string;
  departmentId: string;
  businessName: string;
  logo: string | null | undefined;
  /** The card's number of tables: undefined when left empty, null when not a whole number from 1 to 200. */
  tables: number | null | undefined;
  /** The shared table's list (issue 34): each page then carries its table's address with the table's secret. */
  sharedTables?: readonly { number: number; url: string }[] | null;
  focusTables: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const offered = useDinerLanguages();
  const [format, setFormat] = useState<PosterFormat>('a4');
  const [progress, setProgress] = useState<{ page: number; pages: number } | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const running = useRef<AbortController | null>(null);
  const busy = progress !== null;

  async function make() {
    if (running.current) return;
    if (tables === undefined || tables === null) {
      setProblem(tables === undefined ? t.tablesMissing : '');
      focusTables();
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProblem('');
    setStatus(t.starting);
    setProgress({ page: 0, pages: tables });
    let failure: string = t.error;
    try {
      failure = t.languagesError;
      const languages = await queryClient.ensureQueryData(dinerLanguagesQueryOptions);
      failure = t.error;
      // Asked again at the click: the tables may have been shared (or their secrets renewed) since the card loaded.
      const listed = sharedTables ? await queryClient.fetchQuery(ownerTablesQueryOptions).catch(() => null) : null;
      const pages = listed?.shared && listed.tables.length > 0 ? listed.tables : (sharedTables ?? undefined);
      const { makePosterPdf } = await import('./poster-pdf');
      const pdf = await makePosterPdf({
        format,
        origin,
        departmentId,
        businessName,
        logo,
        tables: pages ? pages.length : tables,
        ...(pages ? { pages: pages.map((page) => ({ table: page.number, url: page.url })) } : {}),
        languages: posterLanguages(languages),
        title: t.documentTitle(businessName, format),
        onProgress: (page, pages) => setProgress({ page, pages }),
        signal: controller.signal,
      });
      downloadFile(pdf, posterPdfFileName(businessName, t.fileFormat[format]));
      noteSetupAction(queryClient, 'qr_printed');
      setStatus(t.done(tables));
    } catch {
      if (controller.signal.aborted) {
        setStatus(t.cancelled);
      } else {
        setStatus('');
        toast({ variant: 'destructive', title: failure });
      }
    } finally {
      running.current = null;
      setProgress(null);
    }
  }

  const languageNames = offered.data
    ? posterLanguages(offered.data)
        .map((language) => (language === 'he' ? t.hebrew : heOwner.settings.dinerLanguages.names[language]))
        .join(', ')
    : null;

  return (
    <div className="mt-6 border-t border-line pt-5" data-testid="poster-pdf">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {t.title}
      </h3>
      <p className={hintClass}>{sharedTables ? t.sharedHint : t.hint}</p>
      <fieldset className="mt-4">
        <legend className="font-medium text-ink">{t.formatLegend}</legend>
        <div className="mt-2 flex flex-col gap-2">
          {FORMATS.map((option) => (
            <label key={option} className={optionClass}>
              <input
                type="radio"
                name={`${id}-format`}
                value={option}
                checked={format === option}
                disabled={busy}
                onChange={() => setFormat(option)}
                aria-describedby={`${id}-${option}-hint`}
                className="mt-1 size-5 shrink-0 accent-brand-700"
                data-testid={`poster-format-${option}`}
              />
              <span>
                <span className="block font-medium text-ink">{t.formats[option].label}</span>
                <span id={`${id}-${option}-hint`} className="block text-sm text-muted">
                  {t.formats[option].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-muted" data-testid="poster-languages">
        {languageNames === null ? t.languagesLoading : `${t.languagesLabel} ${languageNames}`}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <PendingButton
          type="button"
          pending={busy}
          pendingLabel={t.making}
          onClick={() => void make()}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid="poster-pdf-make"
        >
          {t.make}
        </PendingButton>
        {busy ? (
          <button type="button" className={secondaryButtonClass} onClick={() => running.current?.abort()}>
            {t.cancel}
          </button>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} className={errorTextClass}>
          {problem}
        </p>
      ) : null}
      {progress && progress.page > 0 ? (
        <div className="mt-3" data-testid="poster-pdf-progress">
          <p className="text-ink">
            {t.progressPrefix} <bdi>{progress.page}</bdi> {t.progressOf} <bdi>{progress.pages}</bdi>
          </p>
          <ProgressBar className="mt-1" value={((progress.page - 1) / progress.pages) * 100} label={t.progressLabel} />
        </div>
      ) : null}
      <p role="status" className={`${hintClass} mt-3`} data-testid="poster-pdf-status">
        {status}
      </p>
    </div>
  );
}

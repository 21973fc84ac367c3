import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { dinerLanguagesQueryOptions } from '../shared/api/diner-languages';
import { useMenuAddress } from '../shared/api/menu-address';
import { downloadFile } from './download-file';
import { posterLanguages, posterPdfFileName } from './poster-layout';
import { posterPdfText as t } from './poster-text';
import { windowMenuUrl } from './qr-poster';

/**
 * The window's "order ahead" poster (issue 33), beside the tables' PDF: one A4 page whose code leads to the menu's
 * readable address (else its random one) with `?src=window`, so the report counts its orders apart. Made in the
 * browser by the tables' PDF code, loaded only when asked (decision 030).
 */
export function WindowPosterSection({
  origin,
  departmentId,
  businessName,
  logo,
}: {
  origin: string;
  departmentId: string;
  businessName: string;
  logo: string | null | undefined;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const address = useMenuAddress();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  // A role that may not read the settings' address (or a failed read) still gets a working code: the random address.
  const url = windowMenuUrl(origin, address.data?.address ?? departmentId);

  async function make() {
    if (busy) return;
    setBusy(true);
    setStatus('');
    try {
      const languages = await queryClient.ensureQueryData(dinerLanguagesQueryOptions);
      const { makePosterPdf } = await import('./poster-pdf');
      const pdf = await makePosterPdf({
        format: 'a4',
        origin,
        departmentId,
        businessName,
        logo,
        tables: 1,
        window: { url },
        languages: posterLanguages(languages),
        title: t.window.documentTitle(businessName),
        onProgress: () => undefined,
        signal: new AbortController().signal,
      });
      downloadFile(pdf, posterPdfFileName(businessName, t.window.fileFormat));
      setStatus(t.window.done);
    } catch {
      toast({ variant: 'destructive', title: t.error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-line pt-5" data-testid="window-poster">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {t.window.title}
      </h3>
      <p className={hintClass}>{t.window.hint}</p>
      <p className="mt-2 text-sm break-all text-muted">
        <bdi dir="ltr" data-testid="window-poster-url">
          {url}
        </bdi>
      </p>
      <PendingButton
        type="button"
        pending={busy}
        pendingLabel={t.window.making}
        onClick={() => void make()}
        className={`${secondaryButtonClass} mt-3`}
        data-testid="window-poster-make"
      >
        {t.window.make}
      </PendingButton>
      <p role="status" className={`${hintClass} mt-3`}>
        {status}
      </p>
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';

/** A file the consoles fetch with their token and save (a CSV, a Masav file); a failure is a toast. */
export function DownloadButton({
  download,
  label,
  pendingLabel,
  errorTitle,
  describeError,
}: {
  download: () => Promise<unknown>;
  label: string;
  pendingLabel: string;
  errorTitle: string;
  describeError: (error: unknown) => string;
}) {
  const saving = useMutation({
    mutationFn: download,
    onError: (error) => toast({ variant: 'destructive', title: errorTitle, description: describeError(error) }),
  });
  return (
    <PendingButton
      type="button"
      pending={saving.isPending}
      pendingLabel={pendingLabel}
      onClick={() => saving.mutate()}
      className={secondaryButtonClass}
    >
      {label}
    </PendingButton>
  );
}

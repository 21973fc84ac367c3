// The live console's switch of "accept new orders automatically" (decision 032): the same setting as Settings' card.
// Turning it on keeps the estimate chosen in Settings, or takes the console's own when none was chosen.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { autoAcceptQueryOptions, chooseAutoAccept, useAutoAccept } from '../shared/api/auto-accept';
import { errorDescription } from '../shared/errors';
import { bigSecondaryButtonClass } from './order-card';

const t = heOwner.live;

export function AutoAcceptSwitch({ consoleReadyIn }: { consoleReadyIn: number | undefined }) {
  const queryClient = useQueryClient();
  const setting = useAutoAccept();
  const save = useMutation({
    mutationFn: chooseAutoAccept,
    onSuccess: (saved) => {
      queryClient.setQueryData(autoAcceptQueryOptions.queryKey, saved);
      toast({ title: t.autoAcceptSaved(saved.enabled) });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: t.autoAcceptError, description: errorDescription(error) });
    },
  });
  if (!setting.data) return null;
  const { enabled, readyInMinutes } = setting.data;

  function toggle() {
    save.mutate({ enabled: !enabled, readyInMinutes: readyInMinutes ?? consoleReadyIn ?? null });
  }

  return (
    <button
      type="button"
      aria-pressed={enabled}
      disabled={save.isPending}
      onClick={toggle}
      className={`${bigSecondaryButtonClass} gap-2`}
      data-testid="auto-accept-toggle"
    >
      {t.autoAccept}
      <span className="text-base font-normal">
        (<bdi>{enabled ? t.autoAcceptOn(readyInMinutes) : t.autoAcceptOff}</bdi>)
      </span>
    </button>
  );
}

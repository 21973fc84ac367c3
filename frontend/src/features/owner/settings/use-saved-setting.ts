import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { errorDescription } from '../shared/errors';

export interface SavedSetting<T> {
  /** The owner's edit not saved yet, else what the server says; null while it loads (or failed). */
  chosen: T | null;
  edit: (value: T) => void;
  pending: boolean;
  /** The form's submit: sends `chosen`, keeps the server's answer as the query's data, and says how it went. */
  save: (event: FormEvent) => void;
}

/**
 * One setting of a Settings card (auto-accept, payment options, service mode, languages, opening hours): the edit
 * lives here until saved, the saved answer replaces the query's data (so every other reader of the setting sees it),
 * and a toast says saved or why not. The save is a mutation: its pending state is the button's.
 */
export function useSavedSetting<T>({
  stored,
  queryKey,
  send,
  texts,
}: {
  stored: T | null | undefined;
  queryKey: QueryKey;
  send: (value: T) => Promise<unknown>;
  texts: { saved: string; saveError: string };
}): SavedSetting<T> {
  const queryClient = useQueryClient();
  const [edited, setEdited] = useState<T | null>(null);
  const chosen = edited ?? stored ?? null;
  const saving = useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, answer);
      setEdited(null);
      toast({ title: texts.saved });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: texts.saveError, description: errorDescription(error) });
    },
  });

  function save(event: FormEvent) {
    event.preventDefault();
    if (chosen !== null) saving.mutate(chosen);
  }

  return { chosen, edit: setEdited, pending: saving.isPending, save };
}

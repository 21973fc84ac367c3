// A tablet becomes a kitchen screen (/screen, issue 31): the code from the team page or Settings and a name, then the
// live orders as the business's kitchen. The pairing leaves an HttpOnly refresh cookie that is not rotated and does
// not idle, so the screen stays signed in across reloads and restarts until it is revoked from the team list.
import { zodResolver } from '@hookform/resolvers/zod';
import { pairDeviceSchema, type PairDeviceRequest } from '@tafrit/contracts/http/team.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageMain } from '@/components/page-shell';
import { TextField } from '@/components/ui/form-field';
import { errorTextClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { textLinkClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { pairScreen } from '../shared/api/team';
import { errorDescription } from '../shared/errors';
import { storeOwnerSession } from '../sign-in/session';

const t = heOwnerTeam.screenPage;

type PairValues = z.output<typeof pairDeviceSchema>;

export function ScreenPairingPage() {
  useDocumentTitle(pageTitle(t.title));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const form = useForm<PairDeviceRequest, unknown, PairValues>({
    resolver: zodResolver(pairDeviceSchema),
    defaultValues: { code: '', name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: PairValues) {
    setFailure(undefined);
    try {
      const session = await pairScreen(values);
      storeOwnerSession(session);
    } catch (error) {
      setFailure(`${t.error}: ${errorDescription(error)}`);
      return;
    }
    queryClient.clear();
    await navigate({ to: '/orders' });
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <PageMain withoutHeader className="max-w-xl">
        <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 text-lg text-muted">{t.description}</p>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-8 flex flex-col gap-5">
          <TextField
            label={t.code}
            hint={t.codeHint}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            ltr
            error={errors.code?.message}
            {...form.register('code')}
          />
          <TextField
            label={t.name}
            hint={t.nameHint}
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <div role="alert">{failure ? <p className={errorTextClass}>{failure}</p> : null}</div>
          <div>
            <PendingButton pending={isSubmitting} pendingLabel={t.submitting} data-testid="screen-pair-submit">
              {t.submit}
            </PendingButton>
          </div>
        </form>
        <p className="mt-10">
          <Link to="/login" className={textLinkClass}>
            {t.toLogin}
          </Link>
        </p>
      </PageMain>
    </div>
  );
}

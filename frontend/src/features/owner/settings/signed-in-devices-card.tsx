import type { OwnerSessionItem } from '@tafrit/contracts/http/step-up.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { dangerOutlineClass, secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heSessions } from '@/i18n/he-sessions';
import { endOtherSignIns, endSignIn, signInsQueryOptions } from '../shared/api/sign-ins';
import { errorDescription } from '../shared/errors';

const t = heSessions.devices;

const when = new Intl.DateTimeFormat('he-IL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Jerusalem',
});

const deviceName = (session: OwnerSessionItem): string =>
  `${session.browser ?? t.unknownBrowser} · ${session.system ?? t.unknownSystem}`;

/**
 * Settings' list of the business's signed-in devices (decision 036): browser and system, address, last use, with a
 * way to sign out each other device and all of them at once. Ending a sign-in closes its live console at once.
 */
export function SignedInDevicesCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const signIns = useQuery(signInsQueryOptions);
  const refresh = () => queryClient.invalidateQueries({ queryKey: signInsQueryOptions.queryKey });
  const endOne = useMutation({
    mutationFn: endSignIn,
    onSuccess: () => toast({ title: t.signedOut }),
    onError: (error) => toast({ variant: 'destructive', title: t.signOutError, description: errorDescription(error) }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: endOtherSignIns,
    onSuccess: (count) => toast({ title: t.signedOutOthers(count) }),
    onError: (error) => toast({ variant: 'destructive', title: t.signOutError, description: errorDescription(error) }),
    onSettled: refresh,
  });
  const others = signIns.data?.filter((session) => !session.current) ?? [];

  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="signed-in-devices">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={hintClass}>{t.hint}</p>
      {signIns.isPending ? (
        <p role="status" className="mt-4 text-muted">
          {t.loading}
        </p>
      ) : signIns.isError ? (
        <div className="mt-4">
          <p className={errorTextClass}>{t.loadError}</p>
          <p className="mt-1 text-muted">{errorDescription(signIns.error)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => void signIns.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line">
            {signIns.data.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="signed-in-device"
              >
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    <bdi>{deviceName(session)}</bdi>
                    {session.current ? (
                      <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-900">
                        {t.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  {session.impersonated ? <p className="text-sm text-muted">{t.support}</p> : null}
                  <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-sm text-muted">
                    <dt>{t.address}:</dt>
                    <dd>{session.ipAddress ? <bdi dir="ltr">{session.ipAddress}</bdi> : t.unknownAddress}</dd>
                    <dt>{t.lastUsed}:</dt>
                    <dd>
                      <bdi>{when.format(new Date(session.lastUsedAt))}</bdi>
                    </dd>
                    <dt>{t.signedIn}:</dt>
                    <dd>
                      <bdi>{when.format(new Date(session.signedInAt))}</bdi>
                    </dd>
                  </dl>
                </div>
                {session.current ? null : (
                  <PendingButton
                    type="button"
                    pending={endOne.isPending && endOne.variables === session.id}
                    pendingLabel={t.signingOut}
                    className={dangerOutlineClass}
                    aria-label={t.signOutLabel(deviceName(session))}
                    onClick={() => endOne.mutate(session.id)}
                    data-testid="signed-in-device-sign-out"
                  >
                    {t.signOut}
                  </PendingButton>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <PendingButton
              type="button"
              pending={endOthers.isPending}
              pendingLabel={t.signingOutOthers}
              className={`${secondaryButtonClass} mt-4`}
              onClick={() => endOthers.mutate()}
              data-testid="signed-in-devices-sign-out-others"
            >
              {t.signOutOthers}
            </PendingButton>
          ) : (
            <p className="mt-4 text-muted">{t.onlyThisDevice}</p>
          )}
        </>
      )}
    </section>
  );
}

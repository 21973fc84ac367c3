// A pairing code for a kitchen screen (issue 31), from the team page (the owner) or Settings (a manager): single
// use, ten minutes, typed on the tablet's /screen page. No phone and no SMS: the code is the proof.
import type { ScreenPairingCode } from '@tafrit/contracts/http/team.schemas';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { cardClass, cardTitleClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { secondaryButtonClass } from '@/components/ui/styles';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { createScreenPairingCode, pairingCodeText } from '../shared/api/team';
import { errorDescription } from '../shared/errors';
import { teamTime } from './member-card';

const t = heOwnerTeam.pair;

export function PairScreenCard() {
  const titleId = useId();
  const open = useMutation<ScreenPairingCode>({ mutationFn: createScreenPairingCode });
  const screenAddress = `${window.location.origin}/screen`;
  return (
    <section aria-labelledby={titleId} className={cardClass} data-testid="pair-screen-card">
      <h2 id={titleId} className={cardTitleClass}>
        {t.title}
      </h2>
      <p className={hintClass}>{t.hint}</p>
      <p className="mt-2 text-ink">
        <bdi>{t.address(screenAddress)}</bdi>
      </p>
      <PendingButton
        type="button"
        pending={open.isPending}
        pendingLabel={t.opening}
        className={`${secondaryButtonClass} mt-4`}
        onClick={() => open.mutate()}
        data-testid="pair-screen-open"
      >
        {t.open}
      </PendingButton>
      <div role="status" className="mt-4">
        {open.data ? (
          <div>
            <p className="font-medium text-ink">{t.codeLabel}</p>
            <p
              dir="ltr"
              className="text-start font-mono text-3xl font-bold tracking-widest text-ink"
              data-testid="pair-screen-code"
            >
              {pairingCodeText(open.data.code)}
            </p>
            <p className={hintClass}>{t.expires(teamTime.format(new Date(open.data.expiresAt)))}</p>
          </div>
        ) : null}
      </div>
      <div role="alert">
        {open.isError ? <p className={errorTextClass}>{`${t.error}: ${errorDescription(open.error)}`}</p> : null}
      </div>
    </section>
  );
}

// Who is signed in on this device, in the console's header (issue 31): a person's name and role or the screen's
// name (the owner's session says nothing), and the way to another business of the same phone.
import { roleNamesHe } from '@tafrit/contracts/roles';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { sessionBusinesses } from '../sign-in/handover';
import { BusinessChooser, currentChoiceId } from './business-chooser';
import { useConsoleRole } from './use-role';

const t = heOwnerTeam;

export function SignedInMember() {
  // Read again on every navigation: a switch of business changes who is signed in under the same layout.
  useRouterState({ select: (state) => state.location.href });
  const { member } = useConsoleRole();
  const choices = sessionBusinesses.get();
  const [choosing, setChoosing] = useState(false);
  const who =
    member.kind === 'screen'
      ? t.console.screen(member.name)
      : member.kind === 'person'
        ? t.console.signedInAs(member.name, roleNamesHe[member.role])
        : null;
  if (!who && choices.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {who ? (
        <p className="text-muted" data-testid="signed-in-member">
          {who}
        </p>
      ) : null}
      {choices.length > 1 ? (
        <Dialog
          open={choosing}
          onOpenChange={setChoosing}
          title={t.chooser.title}
          closeLabel={t.chooser.close}
          trigger={
            <button
              type="button"
              className="inline-flex min-h-11 items-center font-medium text-brand-700 underline hover:no-underline"
            >
              {t.console.switchBusiness}
            </button>
          }
        >
          <BusinessChooser choices={choices} currentId={currentChoiceId(member)} onChosen={() => setChoosing(false)} />
        </Dialog>
      ) : null}
    </div>
  );
}

// The holder's charge of the held card (issue 34, part 3): a button for the diner whose card the tab holds, then a
// dialog that says what will be charged (what is left to pay, or all that was sent while nobody pays yet) before
// `POST …/tab/charge`. A native <dialog> on the top layer: the diner's bundle carries no dialog library.
import type { TableState } from '@tafrit/contracts/tables';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { formatShekels } from '../money';
import { primaryButtonClass, secondaryButtonClass, useDiner } from '../ui';
import { chargeAgorot } from './tab';
import type { TabStrings } from './tab-strings';
import type { Shared } from './table-panel';

function Confirm({
  shared,
  amount,
  tt,
  onClose,
}: {
  shared: Shared;
  amount: number;
  tt: TabStrings;
  onClose(charged: boolean): void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [charging, setCharging] = useState(false);
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The safe choice takes the focus. React's autoFocus focused it while the dialog was still closed, and
    // showModal() then moved the focus to the dialog's first button: the charge itself.
    cancel.current?.focus();
  }, []);
  async function charge() {
    if (charging) return;
    setCharging(true);
    const done = await shared.session.chargeTab();
    setCharging(false);
    dialog.current?.close();
    onClose(done);
  }
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={() => onClose(false)}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-surface p-5 text-ink backdrop:bg-black/50"
      data-testid="tab-charge-dialog"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {tt.chargeTitle}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-lg">
        {tt.chargeText}{' '}
        <bdi dir="ltr" className="font-bold" data-testid="tab-charge-amount">
          {formatShekels(amount)}
        </bdi>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void charge()}
          aria-disabled={charging ? true : undefined}
          className={primaryButtonClass}
          data-testid="tab-charge-confirm"
        >
          {charging ? tt.charging : tt.chargeConfirm}
        </button>
        <button
          ref={cancel}
          type="button"
          onClick={() => {
            dialog.current?.close();
            onClose(false);
          }}
          className={secondaryButtonClass}
          data-testid="tab-charge-cancel"
        >
          {tt.chargeCancel}
        </button>
      </div>
    </dialog>
  );
}

/** The button (only on the holder's phone) and its confirmation; focus comes back to the button when it closes. */
export function ChargeDialog({ shared, state, tt }: { shared: Shared; state: TableState; tt: TabStrings }) {
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { announce } = useDiner();
  const amount = chargeAgorot(state);
  const nothing = amount <= 0;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-disabled={nothing ? true : undefined}
        aria-describedby={`${id}-hint`}
        onClick={() => {
          if (!nothing) setOpen(true);
        }}
        className={`${secondaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:border-line aria-disabled:text-muted`}
        data-testid="tab-charge"
      >
        {tt.charge}
      </button>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {tt.chargeHint}
      </p>
      {open ? (
        <Confirm
          shared={shared}
          amount={amount}
          tt={tt}
          onClose={(charged) => {
            setOpen(false);
            opener.current?.focus();
            if (charged) announce(tt.charged);
          }}
        />
      ) : null}
    </div>
  );
}

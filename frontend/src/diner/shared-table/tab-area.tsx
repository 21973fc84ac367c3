// Pay at the end at a shared table (issue 34, part 3): the card hold the first round asks for (its page framed as the
// checkout frames a payment page), the open tab (the hold, the rounds, what was sent, what is left of the hold and
// when the held card is charged by itself), the "send to the kitchen" button, and the holder's charge.
import type { TableState, TableTab } from '@tafrit/contracts/tables';
import { useEffect, useId, useRef, useState } from 'react';
import { useLanguage } from '../language';
import { formatShekels } from '../money';
import { framable, frameUrl, PaymentFrame } from '../payment-frame';
import { primaryButtonClass, useDiner } from '../ui';
import { ChargeDialog } from './charge-dialog';
import { roomAgorot, sendBlock, unsentAgorot, unsentLines, holdsTheCard, holdReturnOf, withoutHold } from './tab';
import { tabStrings, type TabStrings } from './tab-strings';
import type { Shared } from './table-panel';
import { formatTime } from './time-of-day';

export const useTabText = (): TabStrings => tabStrings[useLanguage().language];

const disabledLook = 'aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted';

const Money = ({ agorot, testId }: { agorot: number; testId?: string }) => (
  <bdi dir="ltr" data-testid={testId}>
    {formatShekels(agorot)}
  </bdi>
);

/** The hold on the card, the rounds sent, what they come to, what is left of the hold, and the tab's closing time. */
function OpenTab({ tab, tt }: { tab: TableTab; tt: TabStrings }) {
  return (
    <div data-testid="tab-open">
      <p className="font-medium text-ink" data-testid="tab-hold">
        {tt.hold} <Money agorot={tab.holdAgorot} />
        {tab.card?.last4 ? (
          <>
            {' · '}
            {tt.card} <bdi dir="ltr">···{tab.card.last4}</bdi>
          </>
        ) : null}
        {tab.holder ? (
          <>
            {' '}
            {tt.cardOf} <bdi>{tab.holder.name}</bdi>
          </>
        ) : null}
      </p>
      <h3 className="mt-3 font-bold text-ink">{tt.rounds}</h3>
      {tab.rounds.length === 0 ? (
        <p className="text-muted">{tt.roundsNone}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="tab-rounds">
          {tab.rounds.map((round) => (
            <li
              key={round.round}
              className="flex flex-wrap justify-between gap-2 py-1 text-ink"
              data-testid="tab-round"
            >
              <span>
                {tt.round} <bdi dir="ltr">{round.round}</bdi> ·{' '}
                <time dateTime={round.sentAt}>
                  <bdi dir="ltr">{formatTime(round.sentAt)}</bdi>
                </time>
              </span>
              <Money agorot={round.totalAgorot} />
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-ink">
        <dt>{tt.sentTotal}</dt>
        <dd className="font-bold">
          <Money agorot={tab.sentAgorot} testId="tab-sent" />
        </dd>
        <dt>{tt.room}</dt>
        <dd className="font-bold">
          <Money agorot={roomAgorot(tab)} testId="tab-room" />
        </dd>
      </dl>
      {tab.closesAt ? (
        <p className="mt-2 text-sm text-muted" data-testid="tab-closes">
          {tt.closesAt}{' '}
          <time dateTime={tab.closesAt}>
            <bdi dir="ltr">{formatTime(tab.closesAt)}</bdi>
          </time>
        </p>
      ) : null}
    </div>
  );
}

/** No card held yet: what the hold is, and its button (disabled while another diner's hold page is open). */
function HoldAsk({ shared, state, tt }: { shared: Shared; state: TableState; tt: TabStrings }) {
  const id = useId();
  const { language } = useLanguage();
  const { announce } = useDiner();
  const [opening, setOpening] = useState(false);
  const [frame, setFrame] = useState<string | null>(null);
  const tab = state.tab!;
  const othersHold = tab.status === 'holding' && tab.holder?.dinerId !== state.you.dinerId;
  const blocked = othersHold || opening || state.cart.status === 'paying';
  async function open() {
    if (blocked) return;
    setOpening(true);
    const url = frameUrl(await shared.session.openHold(language));
    setOpening(false);
    if (!url) return;
    // An address this page may not frame (a sandbox behind another name): the hold page takes the whole window.
    if (!framable(url)) {
      location.assign(url);
      return;
    }
    setFrame(url);
    announce(tt.holdFrame);
  }
  return (
    <div data-testid="tab-hold-ask">
      <p id={`${id}-explain`} className="text-ink" data-testid="tab-hold-explain">
        {tt.holdBefore} <Money agorot={tab.holdAgorot} /> {tt.holdAfter}
      </p>
      {othersHold ? (
        <p id={`${id}-holding`} className="mt-2 font-medium text-ink" data-testid="tab-holding">
          {tab.holder ? tt.holding(tab.holder.name) : tt.holdingSomeone}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void open()}
        aria-disabled={blocked ? true : undefined}
        aria-describedby={othersHold ? `${id}-holding` : `${id}-explain`}
        className={`${primaryButtonClass} ${disabledLook} mt-3`}
        data-testid="tab-hold-button"
      >
        {opening ? tt.holdOpening : tt.holdButton}
      </button>
      {frame && !othersHold ? <PaymentFrame src={frame} title={tt.holdFrame} /> : null}
    </div>
  );
}

/** The next round: what it comes to, and the button that sends it (disabled with its reason said). */
function SendRound({ shared, state, tt }: { shared: Shared; state: TableState; tt: TabStrings }) {
  const id = useId();
  const { announce } = useDiner();
  const [sending, setSending] = useState(false);
  const block = sendBlock(state);
  const blocked = block !== null || sending;
  async function send() {
    if (blocked) return;
    setSending(true);
    if (await shared.session.sendRound()) announce(tt.sent);
    setSending(false);
  }
  return (
    <div className="mt-4 border-t border-line pt-3">
      {unsentLines(state).length > 0 ? (
        <p className="text-ink" data-testid="tab-next">
          {tt.nextRound} <Money agorot={unsentAgorot(state)} />
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => void send()}
        aria-disabled={blocked ? true : undefined}
        aria-describedby={block ? `${id}-why` : undefined}
        className={`${primaryButtonClass} ${disabledLook} mt-2`}
        data-testid="tab-send"
      >
        {sending ? tt.sending : tt.send}
      </button>
      {block ? (
        <p id={`${id}-why`} className="mt-1 text-muted" data-testid="tab-send-why" data-block={block}>
          {tt.blocks[block]}
        </p>
      ) : null}
    </div>
  );
}

/** The table's tab on its cart page (nothing when the café does not have pay at the end). */
export function TabArea({ shared }: { shared: Shared }) {
  const tt = useTabText();
  const id = useId();
  const { announce } = useDiner();
  const heading = useRef<HTMLHeadingElement>(null);
  const state = shared.view.state;
  const tab = state?.tab;
  const status = tab?.status;
  const mine = state ? holdsTheCard(state) : false;
  const before = useRef(status);
  useEffect(() => {
    const was = before.current;
    before.current = status;
    // The holder's card was approved while its page was in the frame: the frame goes with the hold's ask, so the
    // approval is said and the focus, which was in the frame, moves to the tab instead of falling to the page.
    if (was === 'holding' && status === 'open' && mine) {
      announce(tt.holdOk);
      heading.current?.focus();
    }
  }, [status, mine, announce, tt.holdOk]);
  if (!state || !tab) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-xl border border-brand-700 bg-surface p-3"
      data-testid="tab-area"
      data-status={tab.status}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold text-ink" data-testid="tab-title">
        {tt.title}
      </h2>
      {tab.status === 'open' ? <OpenTab tab={tab} tt={tt} /> : <HoldAsk shared={shared} state={state} tt={tt} />}
      <SendRound shared={shared} state={state} tt={tt} />
      {holdsTheCard(state) ? <ChargeDialog shared={shared} state={state} tt={tt} /> : null}
    </section>
  );
}

/**
 * Back from the hold page on the table's menu address (`&hold=ok` or `&hold=failed`): said once, and taken off the
 * address so a reload does not say it again.
 */
export function HoldReturnNotice() {
  const tt = useTabText();
  const { announce } = useDiner();
  const [hold] = useState(() => (typeof location === 'undefined' ? null : holdReturnOf(location.search)));
  const said = hold === 'ok' ? tt.holdOk : tt.holdFailed;
  useEffect(() => {
    if (!hold) return;
    history.replaceState(history.state, '', withoutHold(location.href));
    announce(said);
  }, [hold, said, announce]);
  return (
    <div role="status">
      {hold ? (
        <p
          className={
            hold === 'ok'
              ? 'mt-2 rounded-lg border border-brand-700 bg-brand-50 p-3 font-medium text-ink'
              : 'mt-2 rounded-lg border border-danger bg-danger-50 p-3 font-medium text-danger'
          }
          data-testid="tab-hold-return"
          data-hold={hold}
        >
          {said}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The hold page ends by loading the table's menu address inside its own frame: the whole tab goes there instead (as
 * frame-breakout.ts does for a payment's end, here in the table's chunk so the first bundle does not grow).
 */
export function breakOutOfHoldFrame(win: Window): boolean {
  if (!holdReturnOf(win.location.search)) return false;
  try {
    const top = win.top && win.top !== win.self ? win.top : null;
    if (!top) return false;
    top.location.href = win.location.href;
    return true;
  } catch {
    return false;
  }
}

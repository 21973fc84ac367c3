// The shared table's cart as the diners see it (issue 34): each line with who added it (one's own editable), the
// total, the notes for the kitchen, the diner's name and colour, and what stops a change (someone paying).
import { TABLE_DINER_COLOURS, TABLE_LIMITS, type TableCartLine, type TableDiner } from '@tafrit/contracts/tables';
import type { TableDinerColour } from '@tafrit/contracts/tables';
import { useId, useState, type FormEvent } from 'react';
import { formatShekels } from '../money';
import { ORDERING_CLOSED_ID } from '../ordering-banner';
import { iconButtonClass, secondaryButtonClass, useDiner } from '../ui';
import { dinerColourHex, type TableStrings } from './strings';
import { tellsPayments } from './split';
import { TablePayments } from './split-choice';
import { isOwnLine, payerOf } from './table-state';
import { isTabErrorCode } from './tab-strings';
import { useTabText } from './tab-area';
import type { TableSession, TableView } from './types';

export interface Shared {
  session: TableSession;
  view: TableView;
}

/** A diner's colour as a chip beside their name: the name is what says who it is, the colour helps find it. */
function DinerChip({ diner, t, you }: { diner: TableDiner | undefined; t: TableStrings; you: boolean }) {
  if (!diner) return null;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-ink" data-testid="line-diner">
      <span
        aria-hidden="true"
        className="inline-block size-3.5 shrink-0 rounded-full"
        style={{ backgroundColor: dinerColourHex[diner.colour] }}
      />
      <bdi>{diner.name}</bdi>
      {you ? <span className="text-muted">({t.you})</span> : null}
    </span>
  );
}

/**
 * While the cart is checked out: who paid and what is left (or "Dana is paying" from an older server that lists no
 * payments), and the last change that did not happen.
 */
export function Notices({
  shared,
  t,
  describesAdds = false,
}: {
  shared: Shared;
  t: TableStrings;
  /** On the menu with ordering open: the paying notice is why the add buttons are disabled (their aria-describedby). */
  describesAdds?: boolean;
}) {
  const tt = useTabText();
  const { view } = shared;
  const payer = payerOf(view.state);
  // The tab's refusals are worded in the diner's language (Hebrew: the server's own words); others as the server wrote them.
  const refusal = tt.errors && isTabErrorCode(view.problemCode) ? tt.errors[view.problemCode] : view.problemMessage;
  const problem =
    view.problem === 'refused'
      ? [t.refused, refusal].filter(Boolean).join(' ')
      : view.problem === 'network'
        ? t.network
        : null;
  return (
    <>
      {payer !== undefined && view.state && tellsPayments(view.state) ? (
        <TablePayments state={view.state} noticeId={describesAdds ? ORDERING_CLOSED_ID : undefined} />
      ) : payer !== undefined ? (
        <p
          id={describesAdds ? ORDERING_CLOSED_ID : undefined}
          className="mt-2 rounded-lg border border-brand-700 bg-brand-50 p-3 font-medium text-ink"
          data-testid="table-paying"
        >
          {payer ? t.paying(payer) : t.payingSomeone}
        </p>
      ) : null}
      <div role="alert">
        {problem ? (
          <p className="mt-2 rounded-lg border border-danger bg-danger-50 p-3 font-medium text-danger">{problem}</p>
        ) : null}
      </div>
      {view.status === 'joined' && !view.live ? (
        <p className="mt-2 text-sm text-muted" data-testid="table-offline">
          {t.offline}
        </p>
      ) : null}
    </>
  );
}

function LineItem({ line, shared, t }: { line: TableCartLine; shared: Shared; t: TableStrings }) {
  const tt = useTabText();
  const state = shared.view.state!;
  const own = isOwnLine(state, line);
  // Pay at the end: a line a round sent is the kitchen's, changed by nobody.
  const sent = line.round !== undefined;
  const diner = state.cart.diners.find((candidate) => candidate.dinerId === line.dinerId);
  const paying = state.cart.status === 'paying';
  const change = (quantity: number) => shared.session.changeLine(line.lineId, quantity);
  return (
    <li
      className={`rounded-xl border p-3 ${sent ? 'border-line bg-canvas' : 'border-line bg-surface'}`}
      data-testid="table-line"
      data-own={own ? 'true' : 'false'}
      data-round={line.round}
    >
      {sent ? (
        <p className="mb-1 text-sm font-medium text-ink" data-testid="table-line-sent">
          <span aria-hidden="true">✓ </span>
          {tt.sentRound} <bdi dir="ltr">{line.round}</bdi>
        </p>
      ) : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-bold text-ink" data-testid="table-line-name">
          {line.name}
        </p>
        <p className="font-bold text-ink">
          <span dir="ltr">{formatShekels(line.lineTotalAgorot)}</span>
        </p>
      </div>
      {line.optionNames && line.optionNames.length > 0 ? (
        <p className="text-sm text-muted">{line.optionNames.join(', ')}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="inline-flex items-center gap-2 text-sm text-muted">
          {t.addedBy} <DinerChip diner={diner} t={t} you={own} />
        </p>
        {own && !paying && !sent ? (
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => change(line.quantity - 1)}
              aria-label={t.minus(line.name)}
              className={iconButtonClass}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className="min-w-8 text-center text-lg font-medium" data-testid="table-line-quantity">
              <span className="sr-only">{t.quantity(line.name)} </span>
              <bdi dir="ltr">{line.quantity}</bdi>
            </span>
            <button
              type="button"
              onClick={() => change(line.quantity + 1)}
              disabled={line.quantity >= 99}
              aria-label={t.plus(line.name)}
              className={`${iconButtonClass} disabled:opacity-50`}
            >
              <span aria-hidden="true">+</span>
            </button>
            <button
              type="button"
              onClick={() => change(0)}
              className="min-h-11 px-2 font-medium text-danger underline"
              data-testid="table-line-remove"
            >
              {t.remove} <span className="sr-only">{t.removeName(line.name)}</span>
            </button>
          </div>
        ) : (
          <p className="text-ink" title={own || sent ? undefined : t.othersLine} data-testid="table-line-quantity">
            <span className="sr-only">{t.quantity(line.name)} </span>× <bdi dir="ltr">{line.quantity}</bdi>
          </p>
        )}
      </div>
    </li>
  );
}

/** The table's lines (who added each), its total, and the notes for the kitchen. */
export function TablePanel({ shared, t }: { shared: Shared; t: TableStrings }) {
  const state = shared.view.state!;
  return (
    <div data-testid="table-panel">
      {state.cart.lines.length === 0 ? (
        <p className="mt-3 text-muted" data-testid="table-empty">
          {t.empty}
        </p>
      ) : (
        <ul className="mt-3 grid gap-2" data-testid="table-lines">
          {state.cart.lines.map((line) => (
            <LineItem key={line.lineId} line={line} shared={shared} t={t} />
          ))}
        </ul>
      )}
      <p
        className="mt-3 flex items-center justify-between border-t border-line pt-3 text-lg font-bold text-ink"
        data-testid="table-total"
      >
        <span>{t.total}</span>
        <span dir="ltr">{formatShekels(state.cart.totalAgorot)}</span>
      </p>
      <Notes key={`${state.cart.cartId}|${state.cart.notes ?? ''}`} shared={shared} t={t} />
      <MeForm key={`${state.you.name}|${state.you.colour}`} shared={shared} t={t} />
    </div>
  );
}

function Notes({ shared, t }: { shared: Shared; t: TableStrings }) {
  const id = useId();
  const saved = shared.view.state?.cart.notes ?? '';
  const [text, setText] = useState(saved);
  const [status, setStatus] = useState('');
  const { announce } = useDiner();
  async function save(event: FormEvent) {
    event.preventDefault();
    if (await shared.session.saveNotes(text)) {
      setStatus(t.notesSaved);
      announce(t.notesSaved);
    }
  }
  return (
    <form className="mt-4" onSubmit={(event) => void save(event)}>
      <label htmlFor={id} className="block font-medium text-ink">
        {t.notes}
      </label>
      <textarea
        id={id}
        value={text}
        rows={2}
        maxLength={TABLE_LIMITS.notesMax}
        onChange={(event) => {
          setText(event.target.value);
          setStatus('');
        }}
        className="mt-2 block w-full rounded-lg border border-muted bg-surface p-3 text-base"
        data-testid="table-notes"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="submit" className={secondaryButtonClass} disabled={text === saved}>
          {t.notesSave}
        </button>
        <p className="text-sm text-muted">{status}</p>
      </div>
    </form>
  );
}

function MeForm({ shared, t }: { shared: Shared; t: TableStrings }) {
  const id = useId();
  const you = shared.view.state!.you;
  const [name, setName] = useState(you.name);
  const [colour, setColour] = useState<TableDinerColour>(you.colour);
  const [error, setError] = useState('');
  const { announce } = useDiner();
  async function save(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || [...trimmed].length > TABLE_LIMITS.dinerNameMax) {
      setError(t.nameInvalid);
      return;
    }
    setError('');
    if (await shared.session.saveMe({ name: trimmed, colour })) announce(t.meSaved);
  }
  return (
    <form className="mt-4 border-t border-line pt-3" onSubmit={(event) => void save(event)} data-testid="table-me">
      <label htmlFor={`${id}-name`} className="block font-medium text-ink">
        {t.yourName}
      </label>
      <input
        id={`${id}-name`}
        value={name}
        maxLength={TABLE_LIMITS.dinerNameMax}
        autoComplete="nickname"
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-2 block min-h-11 w-full rounded-lg border border-muted bg-surface px-3 text-base"
        data-testid="table-me-name"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-medium text-danger">
          {error}
        </p>
      ) : null}
      <fieldset className="mt-3">
        <legend className="font-medium text-ink">{t.yourColour}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {TABLE_DINER_COLOURS.map((option) => (
            <label
              key={option}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 has-checked:border-ink has-checked:font-bold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus has-focus-visible:outline-solid"
            >
              <input
                type="radio"
                name={`${id}-colour`}
                value={option}
                checked={colour === option}
                onChange={() => setColour(option)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded-full"
                style={{ backgroundColor: dinerColourHex[option] }}
              />
              {t.colours[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${secondaryButtonClass} mt-3`} data-testid="table-me-save">
        {t.saveMe}
      </button>
    </form>
  );
}

import { ArrowIcon } from './arrow-icon';
import { smallButtonClass } from './styles';

/**
 * A list row's "up" and "down" buttons, each named with the row's item. `data-move` lets the list put the focus back on
 * the same button once the row has moved (or on the other one, when the row reached an end).
 */
export function MoveButtons({
  first,
  last,
  upLabel,
  downLabel,
  onMove,
}: {
  first: boolean;
  last: boolean;
  upLabel: string;
  downLabel: string;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <button
        type="button"
        data-move="-1"
        className={smallButtonClass}
        disabled={first}
        aria-label={upLabel}
        onClick={() => onMove(-1)}
      >
        <ArrowIcon up />
      </button>
      <button
        type="button"
        data-move="1"
        className={smallButtonClass}
        disabled={last}
        aria-label={downLabel}
        onClick={() => onMove(1)}
      >
        <ArrowIcon />
      </button>
    </>
  );
}

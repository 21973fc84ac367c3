import type { CartOption } from './cart';
import { formatShekels } from './money';
import { useTextMarks, type TextMark } from './language';
import { useSheetText, type SheetStrings } from './sheet-strings';

/**
 * A line's choices under its name (cart, checkout, thank-you): each with its added price, a "without" choice worded as
 * such. Free choices show no price.
 */
export function LineOptions({ options, className = '' }: { options: readonly CartOption[]; className?: string }) {
  const s = useSheetText();
  // Each choice's name in the language it was chosen in (cart.ts); the thank-you page's recorded ones are Hebrew.
  const mark = useTextMarks();
  if (options.length === 0) return null;
  return (
    <ul aria-label={s.choices} className={`text-sm text-muted ${className}`} data-testid="line-options">
      {options.map((option) => (
        <li key={option.id}>
          <ChoiceName name={option.name} without={option.without === true} words={s} owner={mark(option.lang)} />
          {option.price > 0 ? (
            <>
              {' '}
              <span dir="ltr">+{formatShekels(option.price)}</span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A choice's name (the owner's, in Hebrew or as translated) in its own run when the page is in another language; a "without" choice worded
 * in the page's language around it ("No" + the name), or kept whole when its name already says so (בלי בצל).
 */
function ChoiceName({
  name,
  without,
  words,
  owner,
}: {
  name: string;
  without: boolean;
  words: SheetStrings;
  owner: TextMark;
}) {
  const text = without ? words.without(name) : name;
  if (!owner.lang) return text;
  const before = text.endsWith(name) ? text.slice(0, text.length - name.length) : '';
  if (!text.endsWith(name)) return text;
  return (
    <>
      {before}
      <span {...owner}>{name}</span>
    </>
  );
}

import type { CartOption } from './cart';
import { formatShekels } from './money';
import { useSheetText } from './sheet-strings';

/**
 * A line's choices under its name (cart, checkout, thank-you): each with its added price, a "without" choice worded as
 * such. Free choices show no price.
 */
export function LineOptions({ options, className = '' }: { options: readonly CartOption[]; className?: string }) {
  const s = useSheetText();
  if (options.length === 0) return null;
  return (
    <ul aria-label={s.choices} className={`text-sm text-muted ${className}`} data-testid="line-options">
      {options.map((option) => (
        <li key={option.id}>
          {option.without ? s.without(option.name) : option.name}
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

import { Fragment } from 'react';
import { formatShekels } from '@tafrit/contracts/money';
import { withoutChoiceName } from '@tafrit/contracts/order-line-text';
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { TypedText } from '@/components/typed-text';
import { heOwner } from '@/i18n/he-owner';

const t = heOwner.live;

type Options = LiveOrder['lines'][number]['options'];

/**
 * A line's choices under it, as ordered: each added one with its price (none when free), then the "without" ones
 * together, bold in the danger colour, as the slip prints them white on black: the kitchen must not miss them. Each
 * name is isolated without its direction controls (TypedText).
 */
export function LineChoices({ options = [] }: { options?: Options }) {
  const added = options.filter((option) => !option.without);
  const without = options.filter((option) => option.without);
  if (added.length === 0 && without.length === 0) return null;
  return (
    <ul className="ms-8 text-lg text-muted" data-testid="live-order-choices">
      {added.map((option, index) => (
        <li key={`${option.name}-${index}`}>
          + <TypedText text={option.name} />
          {option.priceAgorot > 0 ? (
            <>
              {' '}
              <bdi dir="ltr">{formatShekels(option.priceAgorot)}</bdi>
            </>
          ) : null}
        </li>
      ))}
      {without.length > 0 ? (
        <li className="font-bold text-danger" data-testid="live-order-without">
          {t.without}{' '}
          {without.map((option, index) => (
            // "בלי: סוכר", not "בלי: בלי סוכר" for a choice the owner named so (contracts' withoutChoiceName).
            <Fragment key={`${option.name}-${index}`}>
              {index > 0 ? ', ' : null}
              <TypedText text={withoutChoiceName(option.name)} />
            </Fragment>
          ))}
        </li>
      ) : null}
    </ul>
  );
}

import { QUANTITY_SIGN } from '@tafrit/contracts/quantity';
import { TypedText } from './typed-text';

/**
 * "2 × הפוך": the one way a line's quantity is written (the SMS and the slip use `quantityLine` of the contracts). The
 * number is isolated so it never joins the digits around it, and so is the name (TypedText); the sign is only seen: a
 * screen reader says "2 הפוך".
 */
export function QuantityLine({
  quantity,
  name,
  className,
  nameLang,
}: {
  quantity: number;
  name: string;
  className?: string;
  /** The name's own language, when it is not the page's (the diner's page in another language than Hebrew). */
  nameLang?: { lang?: string; dir?: 'rtl' | 'ltr' };
}) {
  return (
    <span className={className}>
      <bdi dir="ltr" className="font-bold">
        {quantity}
      </bdi>{' '}
      <span aria-hidden="true">{QUANTITY_SIGN}</span> <TypedText text={name} {...nameLang} />
    </span>
  );
}

// The product sheet (issue 16): a product's option groups, a quantity and the live price, before it joins the cart.
// Loaded on first use (menu-page.tsx, cart-page.tsx), never with the menu's first paint. A native <dialog> opened
// with showModal(): the browser makes the rest of the page inert (focus stays inside), closes it on Escape and puts it
// on the top layer, at no cost to the bundle; Radix's dialog is not in the diner's bundle and would bring a dependency into it.
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  priceLineWithOptions,
  type OptionChoiceError,
  type PricingOptionGroup,
} from '@tafrit/contracts/option-pricing';
import { langOf, MAX_QUANTITY, type CartLine } from './cart';
import type { PublicProduct } from './menu-types';
import { useMenuTextLanguage, useMenuTextMarks } from './language';
import { formatShekels, priceToAgorot } from './money';
import { useSheetText, type SheetStrings } from './sheet-strings';
import { SheetPhoto } from './product-photo';
import { ProductTags } from './tag-icon';
import { iconButtonClass, primaryButtonClass } from './ui';

type Group = PublicProduct['optionGroups'][number];

export interface ProductSheetProps {
  product: PublicProduct;
  /** The line being edited (its choices and quantity); a new line starts from the groups' defaults. */
  editing?: CartLine;
  onSubmit(line: CartLine): void;
  /** Closed, whether by Escape, the close button or after the line was added; focus goes back to `opener`. */
  onClose(): void;
  opener: HTMLElement | null;
}

const pricingGroups = (groups: readonly Group[]): PricingOptionGroup[] =>
  groups.map((group) => ({
    ...group,
    options: group.options.map((option) => ({ ...option, priceAgorot: priceToAgorot(option.price) ?? 0 })),
  }));

function initialChoice(groups: readonly Group[], editing: CartLine | undefined): string[] {
  if (editing) return editing.options?.map((option) => option.id) ?? [];
  return groups.flatMap((group) =>
    group.options
      .filter((option) => option.isDefault && option.available)
      .slice(0, group.maxChoices)
      .map((option) => option.id),
  );
}

function reasonOf(error: OptionChoiceError, groups: readonly Group[], s: SheetStrings): string {
  const group = 'groupId' in error ? groups.find((each) => each.id === error.groupId) : undefined;
  if (error.code === 'order.option_too_few' && group) return s.missing(group.name, error.minChoices);
  if (error.code === 'order.option_too_many' && group) return s.tooMany(group.name, error.maxChoices);
  return s.soldOutChosen;
}

export default function ProductSheet({ product, editing, onSubmit, onClose, opener }: ProductSheetProps) {
  const mark = useMenuTextMarks();
  const languageOf = useMenuTextLanguage();
  const s = useSheetText();
  const groups = product.optionGroups;
  const [chosen, setChosen] = useState<string[]>(() => initialChoice(groups, editing));
  const [quantity, setQuantity] = useState(editing?.quantity ?? 1);
  const [tried, setTried] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  const pricing = priceLineWithOptions({
    basePriceAgorot: priceToAgorot(product.price) ?? 0,
    groups: pricingGroups(groups),
    chosenOptionIds: chosen,
  });
  const reason = pricing.ok ? null : reasonOf(pricing.error, groups, s);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const closed = () => {
      onClose();
      opener?.focus();
    };
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, [onClose, opener]);

  const toggle = (group: Group, optionId: string, on: boolean) => {
    setChosen((now) => {
      const inGroup = new Set(group.options.map((option) => option.id));
      if (group.maxChoices === 1) return [...now.filter((each) => !inGroup.has(each)), ...(on ? [optionId] : [])];
      return on ? [...now, optionId] : now.filter((each) => each !== optionId);
    });
  };

  const submit = () => {
    if (!pricing.ok) {
      setTried(true);
      const group = 'groupId' in pricing.error ? pricing.error.groupId : undefined;
      dialog.current?.querySelector<HTMLElement>(`[data-group="${group}"] input:not(:disabled)`)?.focus();
      return;
    }
    // Each name is kept with its language (cart.ts): the cart marks it as the menu did, whatever the page's language.
    const options = groups.flatMap((group) => group.options);
    onSubmit({
      productId: product.id,
      name: product.name,
      ...langOf(languageOf(product)),
      price: (pricing.unitPriceAgorot / 100).toFixed(2),
      quantity,
      options: pricing.options.map((chosen) => {
        const option = options.find((each) => each.id === chosen.optionId);
        return {
          id: chosen.optionId,
          name: chosen.name,
          price: chosen.priceAgorot,
          ...langOf(option ? languageOf(option) : 'he'),
          ...(chosen.without ? { without: true } : {}),
        };
      }),
    });
    dialog.current?.close();
  };

  const total = pricing.ok ? pricing.unitPriceAgorot * quantity : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      data-testid="product-sheet"
      className="m-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-surface p-0 text-ink backdrop:bg-black/50 md:m-auto md:max-w-lg md:rounded-2xl"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-line bg-surface p-4">
        <h2 id={`${id}-title`} {...mark(product)} className="text-xl font-bold">
          {product.name}
        </h2>
        <button type="button" onClick={() => dialog.current?.close()} className={iconButtonClass}>
          <span aria-hidden="true">✕</span>
          <span className="sr-only">{s.close}</span>
        </button>
      </div>
      {product.image ? <SheetPhoto image={product.image} /> : null}
      <div className="grid gap-5 p-4">
        {product.description ? (
          <p {...mark(product, 'description')} className="text-muted">
            {product.description}
          </p>
        ) : null}
        <ProductTags tags={product.tags} className="flex flex-wrap gap-1" />
        {groups.map((group) => (
          <OptionGroup key={group.id} group={group} chosen={chosen} onToggle={toggle} />
        ))}
        <div className="flex items-center justify-between gap-3">
          <span id={`${id}-quantity`} className="font-medium">
            {s.quantity}
          </span>
          <div role="group" aria-labelledby={`${id}-quantity`} className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => setQuantity((now) => Math.max(1, now - 1))}
              disabled={quantity <= 1}
              aria-label={s.minus}
              className={`${iconButtonClass} disabled:opacity-50`}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="min-w-6 text-center text-lg font-bold" data-testid="sheet-quantity" aria-live="polite">
              {quantity}
            </output>
            <button
              type="button"
              onClick={() => setQuantity((now) => Math.min(MAX_QUANTITY, now + 1))}
              disabled={quantity >= MAX_QUANTITY}
              aria-label={s.plus}
              className={`${iconButtonClass} disabled:opacity-50`}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </div>
      </div>
      <div className="sticky bottom-0 border-t border-line bg-surface p-4">
        {reason ? (
          <p id={`${id}-reason`} className="mb-2 font-medium text-danger" data-testid="sheet-reason">
            {reason}
          </p>
        ) : null}
        {/* The tap's answer: a screen reader hears why nothing was added, not only that the button is unavailable. */}
        <div role="alert" className="sr-only">
          {tried && reason ? reason : ''}
        </div>
        <button
          type="button"
          onClick={submit}
          aria-disabled={reason ? true : undefined}
          aria-describedby={reason ? `${id}-reason` : undefined}
          data-testid="sheet-add"
          className={`${primaryButtonClass} w-full justify-between aria-disabled:cursor-not-allowed aria-disabled:bg-muted aria-disabled:hover:bg-muted`}
        >
          <span>{editing ? s.save : s.add}</span>
          {total === null ? null : (
            <span dir="ltr" data-testid="sheet-price">
              {formatShekels(total)}
            </span>
          )}
        </button>
      </div>
    </dialog>
  );
}

function OptionGroup({
  group,
  chosen,
  onToggle,
}: {
  group: Group;
  chosen: readonly string[];
  onToggle(group: Group, optionId: string, on: boolean): void;
}) {
  const s = useSheetText();
  const mark = useMenuTextMarks();
  const single = group.maxChoices === 1;
  const count = group.options.filter((option) => chosen.includes(option.id)).length;
  const rule =
    group.minChoices > 0
      ? `${s.required}${single ? '' : `, ${s.atLeast(group.minChoices)}`}`
      : single
        ? s.chooseOne
        : s.upTo(group.maxChoices);
  const input = (type: 'radio' | 'checkbox') => `size-5 shrink-0 accent-brand-700 ${type === 'radio' ? '' : 'rounded'}`;
  return (
    <fieldset data-group={group.id} className="grid gap-1">
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-lg font-bold">
        <span {...mark(group)}>{group.name}</span>
        <span className="text-sm font-normal text-muted">
          {rule}
          {!single && group.maxChoices > 1 && group.minChoices > 0 ? `, ${s.upTo(group.maxChoices)}` : ''}
        </span>
      </legend>
      {single && group.minChoices === 0 ? (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name={group.id}
            checked={count === 0}
            onChange={() => {
              for (const option of group.options) onToggle(group, option.id, false);
            }}
            className={input('radio')}
          />
          <span className="flex-1">{s.none}</span>
        </label>
      ) : null}
      {group.options.map((option) => {
        const on = chosen.includes(option.id);
        const full = !single && !on && count >= group.maxChoices;
        const price = priceToAgorot(option.price) ?? 0;
        return (
          <label
            key={option.id}
            className={`flex min-h-11 items-center gap-3 ${option.available ? '' : 'text-muted'}`}
            data-testid="sheet-option"
          >
            <input
              type={single ? 'radio' : 'checkbox'}
              name={group.id}
              checked={on}
              disabled={!option.available || full}
              onChange={(event) => onToggle(group, option.id, event.target.checked)}
              className={input(single ? 'radio' : 'checkbox')}
            />
            <span className="flex-1">
              <span {...mark(option)}>{option.name}</span>
              {option.available ? null : <span className="ms-2 text-sm">({s.soldOut})</span>}
            </span>
            {price > 0 ? (
              <span dir="ltr" className="font-medium">
                +{formatShekels(price)}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}

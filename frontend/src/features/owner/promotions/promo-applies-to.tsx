// What a promo code applies to (issue 33): whole categories, single products, or both (a line counts when either
// holds it); nothing ticked is the whole order. The products are folded under a summary that counts the ticked ones,
// grouped by their categories, so a menu of fifty products does not push the save button off the screen.
import { useState } from 'react';
import { CheckboxField } from '@/components/ui/form-field';
import { heOwnerPromotions } from '@/i18n/he-owner-promotions';
import { useCategories, useProducts } from '../shared/api/menu';

const t = heOwnerPromotions.create;

export interface AppliesTo {
  categoryIds: number[];
  productIds: number[];
}

/** A checkbox for each of `items`, ticked when its id is in `chosen`; a tick adds or removes that id. */
function IdCheckboxes({
  items,
  chosen,
  onChange,
  className,
}: {
  items: readonly { id: number; name: string }[];
  chosen: number[];
  onChange: (next: number[]) => void;
  className: string;
}) {
  return (
    <div className={`${className} flex flex-wrap gap-x-6 gap-y-2`}>
      {items.map((item) => (
        <CheckboxField
          key={item.id}
          label={item.name}
          checked={chosen.includes(item.id)}
          onChange={(event) =>
            onChange(event.target.checked ? [...chosen, item.id] : chosen.filter((other) => other !== item.id))
          }
        />
      ))}
    </div>
  );
}

export function PromoAppliesTo({ value, onChange }: { value: AppliesTo; onChange: (next: AppliesTo) => void }) {
  const categories = useCategories();
  const products = useProducts();
  // Open where the code already names products (an edit); left as the owner leaves it after that.
  const [openAtFirst] = useState(value.productIds.length > 0);
  if (!categories.data?.length) return null;
  const byCategory = categories.data
    .map((category) => ({
      category,
      products: (products.data ?? []).filter((product) => product.categoryId === category.id),
    }))
    .filter((group) => group.products.length > 0);
  return (
    <fieldset className="sm:col-span-2" data-testid="promo-applies-to">
      <legend className="font-medium text-ink">{t.categories}</legend>
      <p className="text-sm text-muted">{t.categoriesHint}</p>
      <IdCheckboxes
        className="mt-2"
        items={categories.data}
        chosen={value.categoryIds}
        onChange={(categoryIds) => onChange({ ...value, categoryIds })}
      />
      {byCategory.length > 0 ? (
        <details className="mt-4" open={openAtFirst}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700 underline">
            {t.products}
            {value.productIds.length > 0 ? (
              <>
                {' '}
                (<bdi>{t.productsChosen(value.productIds.length)}</bdi>)
              </>
            ) : null}
          </summary>
          <p className="text-sm text-muted">{t.productsHint}</p>
          {byCategory.map(({ category, products: inCategory }) => (
            <fieldset key={category.id} className="mt-3">
              <legend className="text-sm font-bold text-ink">{category.name}</legend>
              <IdCheckboxes
                className="mt-1"
                items={inCategory}
                chosen={value.productIds}
                onChange={(productIds) => onChange({ ...value, productIds })}
              />
            </fieldset>
          ))}
        </details>
      ) : null}
    </fieldset>
  );
}

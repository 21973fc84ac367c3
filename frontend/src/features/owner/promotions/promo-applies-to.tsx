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

const toggled = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((other) => other !== id));

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
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {categories.data.map((category) => (
          <CheckboxField
            key={category.id}
            label={category.name}
            checked={value.categoryIds.includes(category.id)}
            onChange={(event) =>
              onChange({ ...value, categoryIds: toggled(value.categoryIds, category.id, event.target.checked) })
            }
          />
        ))}
      </div>
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
              <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
                {inCategory.map((product) => (
                  <CheckboxField
                    key={product.id}
                    label={product.name}
                    checked={value.productIds.includes(product.id)}
                    onChange={(event) =>
                      onChange({ ...value, productIds: toggled(value.productIds, product.id, event.target.checked) })
                    }
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </details>
      ) : null}
    </fieldset>
  );
}

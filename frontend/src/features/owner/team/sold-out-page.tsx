// The kitchen's menu (issue 31): what is sold out for today, and back, for products and options. Nothing else of the
// menu: a kitchen person or screen reads it (`menu.read`) and switches availability (`menu.availability`), while
// editing it is the owner's and a manager's.
import { useId, type ReactNode } from 'react';
import { PageMain } from '@/components/page-shell';
import { cardClass, cardTitleClass } from '@/components/ui/form-styles';
import { toast } from '@/components/ui/toast';
import { pageTitle } from '@/i18n/he';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { useDocumentTitle } from '@/lib/use-document-title';
import { sortCategories, useCategories, useProductAvailability, useProducts } from '../shared/api/menu';
import { useOptionAvailability, useOptionGroups } from '../shared/api/option-groups';
import { errorDescription } from '../shared/errors';
import { MenuLoadState } from '../shared/components/menu-load-state';

const t = heOwnerTeam.soldOut;

export function SoldOutPage() {
  useDocumentTitle(pageTitle(t.title));
  const categories = useCategories();
  const products = useProducts();
  const groups = useOptionGroups();
  const productAvailability = useProductAvailability();
  const optionAvailability = useOptionAvailability();
  const onError = (error: unknown) =>
    toast({ variant: 'destructive', title: t.error, description: errorDescription(error) });

  const sections = sortCategories(categories.data ?? [])
    .map((category) => ({
      category,
      items: (products.data ?? []).filter((product) => product.categoryId === category.id),
    }))
    .filter((section) => section.items.length > 0);

  return (
    <PageMain>
      <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
      <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
      <MenuLoadState categories={categories} products={products} text={t}>
        <div className="mt-8 flex flex-col gap-6" data-testid="sold-out-products">
          {sections.length === 0 ? <p className="text-muted">{t.empty}</p> : null}
          {sections.map(({ category, items }) => (
            <AvailabilityList key={category.id} title={category.name}>
              {items.map((product) => (
                <AvailabilitySwitch
                  key={product.id}
                  name={product.name}
                  available={product.isActive}
                  onToggle={() =>
                    productAvailability.mutate({ id: product.id, isActive: !product.isActive }, { onError })
                  }
                />
              ))}
            </AvailabilityList>
          ))}
          {(groups.data ?? [])
            .filter((group) => group.options.length > 0)
            .map((group) => (
              <AvailabilityList key={group.id} title={`${t.options}: ${group.name}`}>
                {group.options.map((option) => (
                  <AvailabilitySwitch
                    key={option.id}
                    name={option.name}
                    available={option.available}
                    onToggle={() =>
                      optionAvailability.mutate(
                        { groupId: group.id, optionId: option.id, available: !option.available },
                        { onError },
                      )
                    }
                  />
                ))}
              </AvailabilityList>
            ))}
        </div>
      </MenuLoadState>
    </PageMain>
  );
}

function AvailabilityList({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cardClass}>
      <h2 id={titleId} className={cardTitleClass}>
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-line">{children}</ul>
    </section>
  );
}

/** A switch the size of a finger on a kitchen tablet, its state also in words (not by colour alone). */
function AvailabilitySwitch({ name, available, onToggle }: { name: string; available: boolean; onToggle: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2" data-testid="sold-out-item">
      <span className="text-lg font-medium text-ink">{name}</span>
      <span className="flex items-center gap-2">
        <span className={available ? 'font-medium text-brand-700' : 'font-medium text-danger'}>
          {available ? t.available : t.soldOut}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={available}
          aria-label={t.availability(name)}
          onClick={onToggle}
          className="inline-flex min-h-11 min-w-14 items-center justify-center rounded-md"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-7 w-12 rounded-full border-2 motion-safe:transition-colors ${
              available ? 'border-brand-700 bg-brand-700' : 'border-muted bg-surface'
            }`}
          >
            <span
              className={`absolute top-0.5 size-5 rounded-full motion-safe:transition-all ${
                available ? 'end-0.5 bg-white' : 'start-0.5 bg-muted'
              }`}
            />
          </span>
        </button>
      </span>
    </li>
  );
}

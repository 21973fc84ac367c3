import { PageMain } from '@/components/page-shell';
import { textLinkClass } from '@/components/ui/styles';
import { pageTitle } from '@/i18n/he';
import { heOwner } from '@/i18n/he-owner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useState } from 'react';
import { useCategories, useProducts, type Product } from '../shared/api/menu';
import { useOwnerBusiness } from '../shared/api/profile';
import { ProductDialog } from './product-dialog';
import { MenuLoadState } from '../shared/components/menu-load-state';
import { CategoryPanel } from './category-panel';
import { OptionGroupsPanel } from './option-groups-panel';
import { ProductPanel } from './product-panel';
import { SetupChecklistCard } from '../setup/setup-checklist';

const t = heOwner.menuManagement;

export function MenuManagementPage() {
  useDocumentTitle(pageTitle(t.title));
  const categories = useCategories();
  const products = useProducts();
  const business = useOwnerBusiness();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [productDialog, setProductDialog] = useState<{ open: boolean; product: Product | null }>({
    open: false,
    product: null,
  });

  const categoryList = categories.data ?? [];
  const productList = products.data ?? [];
  // A selection whose category is gone (deleted here or elsewhere) is no selection.
  const selected = categoryList.find((category) => category.id === selectedId) ?? null;
  const departmentId = business.data?.departmentId;

  return (
    <PageMain>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-ink">{t.title}</h1>
          <p className="mt-3 max-w-prose text-lg text-muted">{t.description}</p>
        </div>
        {departmentId ? (
          <a
            href={`/menu/${encodeURIComponent(departmentId)}`}
            target="_blank"
            rel="noopener"
            className={`${textLinkClass} inline-flex min-h-11 items-center`}
            data-testid="public-menu-link"
          >
            {t.openPublicMenu} <span className="sr-only">{t.newTab}</span>
          </a>
        ) : null}
      </div>
      <SetupChecklistCard />
      <MenuLoadState categories={categories} products={products} text={t}>
        <div className="mt-8 grid gap-6 lg:grid-cols-[23rem_1fr]">
          <CategoryPanel
            categories={categoryList}
            products={productList}
            selectedId={selected?.id ?? null}
            onSelect={(id) => setSelectedId((current) => (current === id ? null : id))}
          />
          <ProductPanel
            categories={categoryList}
            products={productList}
            selected={selected}
            onAdd={() => setProductDialog({ open: true, product: null })}
            onEdit={(product) => setProductDialog({ open: true, product })}
          />
        </div>
      </MenuLoadState>
      {categories.isSuccess && products.isSuccess ? <OptionGroupsPanel products={productList} /> : null}
      <ProductDialog
        open={productDialog.open}
        onOpenChange={(open) => setProductDialog((current) => ({ ...current, open }))}
        product={productDialog.product}
        categories={categoryList}
        defaultCategoryId={selected?.id ?? categoryList[0]?.id ?? null}
      />
    </PageMain>
  );
}

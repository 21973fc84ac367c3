import type { ReactNode } from 'react';
import { cardClass, errorTextClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { errorDescription } from '../errors';

interface MenuQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The menu's categories and products as a page waits for them (the owner's menu editor, the kitchen's sold-out page):
 * a status while either loads, the failure with a retry of both, else the page's own content.
 */
export function MenuLoadState({
  categories,
  products,
  text,
  children,
}: {
  categories: MenuQuery;
  products: MenuQuery;
  text: { loading: string; loadError: string; retry: string };
  children: ReactNode;
}) {
  if (categories.isPending || products.isPending) {
    return (
      <p role="status" className="mt-8 text-muted">
        {text.loading}
      </p>
    );
  }
  if (categories.isError || products.isError) {
    return (
      <div className={`${cardClass} mt-8`}>
        <p className={errorTextClass}>{text.loadError}</p>
        <p className="mt-1 text-muted">{errorDescription(categories.error ?? products.error)}</p>
        <button
          type="button"
          className={`${secondaryButtonClass} mt-4`}
          onClick={() => {
            void categories.refetch();
            void products.refetch();
          }}
        >
          {text.retry}
        </button>
      </div>
    );
  }
  return children;
}

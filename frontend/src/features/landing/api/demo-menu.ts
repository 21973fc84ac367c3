import { queryOptions, useQuery } from '@tanstack/react-query';

// The live peek at the demo café's menu on the landing page: GET /api/menu/demo (product spec §7), read through the
// query client's default fetcher. Read defensively: the page only needs a name and a few dishes, and shows the plain
// link to the demo when anything is missing or the call fails.

export const DEMO_DEPARTMENT_ID = 'demo';
const PREVIEW_ITEMS = 3;

export interface DemoPreviewData {
  businessName: string;
  items: { name: string; priceAgorot: number }[];
}

type Loose = Record<string, unknown> | undefined;
const asObject = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

function priceAgorotOf(value: unknown): number | null {
  const price = typeof value === 'string' ? Number(value) : value;
  return typeof price === 'number' && Number.isFinite(price) && price >= 0 ? Math.round(price * 100) : null;
}

/** `{ success, data: { business, categories, products } }` -> the preview, or null when it cannot be shown. */
export function toDemoPreview(body: unknown): DemoPreviewData | null {
  const data = asObject(asObject(body)?.data);
  const businessName = asObject(data?.business)?.businessName;
  if (typeof businessName !== 'string' || businessName.trim() === '') return null;
  const categories = Array.isArray(data?.categories) ? data.categories : [];
  const products: unknown[] = Array.isArray(data?.products)
    ? data.products
    : categories.flatMap((category) => {
        const nested = asObject(category)?.products;
        return Array.isArray(nested) ? nested : [];
      });
  const items = products.flatMap((value) => {
    const product = asObject(value);
    const priceAgorot = priceAgorotOf(product?.price);
    if (
      typeof product?.name !== 'string' ||
      priceAgorot === null ||
      product.isActive === false ||
      product.soldOut === true
    )
      return [];
    return [{ name: product.name, priceAgorot }];
  });
  return items.length > 0 ? { businessName, items: items.slice(0, PREVIEW_ITEMS) } : null;
}

export const demoMenuQueryOptions = queryOptions({
  queryKey: ['/api/menu', DEMO_DEPARTMENT_ID] as const,
  select: toDemoPreview,
});

/** Fetched only once `enabled` (the card came into view): a visitor who never scrolls there costs nothing. */
export function useDemoPreview(enabled: boolean) {
  return useQuery({ ...demoMenuQueryOptions, enabled });
}

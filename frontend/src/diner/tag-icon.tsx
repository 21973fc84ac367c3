import { useText } from './language';
import type { ProductTag } from './menu-types';

// A small drawing per tag. Always shown next to the tag's words: an icon alone would say nothing to many people.
const PATHS: Record<ProductTag, string> = {
  vegan: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  vegetarian: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  gluten_free: 'M12 21V9m0 4l-3-3m3 7l-3-3m3-1l3-3m-3 7l3-3M4 4l16 16',
  spicy: 'M14 5c1-2 3-2 4-1M8 20c6 0 10-5 10-11-2-1-5-1-6 1-1 3-3 5-7 6-1 1-1 4 3 4z',
  kosher_meat: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8-4.3-4.1 5.9-.9z',
  kosher_dairy: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8-4.3-4.1 5.9-.9z',
  kosher_parve: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8-4.3-4.1 5.9-.9z',
};

export function TagIcon({ tag }: { tag: string }) {
  const path = (PATHS as Record<string, string | undefined>)[tag];
  if (!path) return null;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

/**
 * A product's tags as chips, each its icon and its words in the diner's language: the menu's card and the product's
 * sheet show the same.
 */
export function ProductTags({
  tags,
  label,
  className,
}: {
  tags: readonly string[];
  label?: string;
  className: string;
}) {
  const words: Readonly<Record<string, string | undefined>> = useText().tags;
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={className} data-testid="product-tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-sm text-brand-900"
        >
          <TagIcon tag={tag} />
          {words[tag] ?? tag}
        </li>
      ))}
    </ul>
  );
}

import type { DinerLanguage } from '@tafrit/contracts/languages';
import { dinerHref } from './paths';
import { useText } from './language';
import { LanguageSwitcher } from './language-switcher';
import { CartIcon, DinerLink, containerClass } from './ui';

/** The top of the diner's screens: the business's logo and name, the table, and the cart with its count. */
export function DinerHeader({
  business,
  table,
  count,
  title,
}: {
  business: { businessName: string; logo: string | null; departmentId: string; languages?: DinerLanguage[] };
  table: string | undefined;
  count: number;
  /** The business name is the menu's h1; other screens have their own. */
  title: boolean;
}) {
  const t = useText();
  const Name = title ? 'h1' : 'p';
  return (
    <header className="border-b border-line bg-surface">
      {/* Two rows, down to the accessibility button's band (decision 038): the logo and the name above, with the whole
          width (never cut); the table, the language and the cart in the band, beside the button, clear of its room. */}
      <div className={`${containerClass} flex min-h-[var(--a11y-band-end)] flex-col justify-between gap-2 py-2`}>
        <div className="flex min-w-0 items-center gap-3">
          {business.logo ? (
            <img
              src={business.logo}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg object-contain"
            />
          ) : null}
          <Name className="min-w-0 text-xl font-bold break-words text-ink">{business.businessName}</Name>
        </div>
        <div className="flex min-h-12 items-center gap-3 pe-[var(--a11y-room)]">
          <div className="min-w-0 flex-1">
            {table ? (
              <p className="text-sm text-muted" data-testid="table">
                {t.header.table} <bdi dir="ltr">{table}</bdi>
              </p>
            ) : null}
          </div>
          <LanguageSwitcher offered={business.languages} />
          <DinerLink
            href={dinerHref('cart', business.departmentId)}
            data-testid="header-cart"
            className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full border border-brand-700 bg-surface text-brand-700 hover:bg-brand-50"
          >
            <CartIcon />
            {/* The name is "העגלה, 3 פריטים", its visible part (the badge) included: voice control users say what they see. */}
            <span className="sr-only">{count > 0 ? t.header.cartPrefix : t.header.cartEmpty}</span>
            {count > 0 ? (
              <span className="absolute -end-1 -top-1 min-w-6 rounded-full bg-brand-700 px-1.5 text-center text-sm font-bold leading-6 text-white">
                {count}
                <span className="sr-only">{t.header.items(count)}</span>
              </span>
            ) : null}
          </DinerLink>
        </div>
      </div>
    </header>
  );
}

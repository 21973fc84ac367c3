import { createContext, useContext, useEffect, type MouseEvent, type ReactNode } from 'react';
import { useText } from './language';

// Class names shared by the diner's screens (the server renders the menu with these very components: server.tsx).
export const containerClass = 'mx-auto w-full max-w-3xl px-4';
export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-surface px-5 py-2 font-medium text-brand-700 hover:bg-brand-50';
export const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-brand-700 bg-surface text-xl font-bold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:hover:bg-surface';
export const textLinkClass = 'font-medium text-brand-700 underline hover:text-brand-900';

export interface DinerContextValue {
  navigate(href: string): void;
  announce(message: string): void;
}

export const DinerContext = createContext<DinerContextValue>({
  navigate: (href) => globalThis.location?.assign(href),
  announce: () => undefined,
});

export const useDiner = () => useContext(DinerContext);

/** A link inside the diner's page: moves without reloading (the menu stays in memory), a plain link otherwise. */
export function DinerLink({
  href,
  className,
  children,
  reload = false,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
  /** Leave with a full page load (the menu page the server fills). */
  reload?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const { navigate } = useDiner();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (reload || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** Sets `document.title` while the screen is shown (screen readers announce it after navigation). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function PageMain({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <main id="main" tabIndex={-1} className={`${containerClass} min-h-dvh flex-1 py-6 ${className}`}>
      {children}
    </main>
  );
}

/** A screen with one heading and one sentence: not found, paused, and the placeholders of the payments issue. */
export function MessagePage({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  testId?: string;
}) {
  const t = useText();
  useDocumentTitle(t.pageTitle(title));
  return (
    <PageMain>
      {/* No header above: the text keeps clear of the accessibility button's room (decision 038). */}
      <div data-testid={testId} className="pe-[var(--a11y-room)]">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-3 max-w-prose text-lg text-muted">{description}</p>
        {children}
      </div>
    </PageMain>
  );
}

export function CartIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 8H6.2" strokeLinecap="round" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </svg>
  );
}

import * as ToastPrimitive from '@radix-ui/react-toast';
import { he } from '@/i18n/he';
import { CROSS, StrokeIcon } from './stroke-icon';
import { dismissToast, useToasts, type ToastItem } from './toast';

/**
 * The toasts, drawn by Radix Toast. The region sits in the page's flow at the top (nothing floats over the content)
 * and is empty until there is a toast. A toast is announced by a live region of its own: an error assertively, the
 * rest politely.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider label={he.toast.label} swipeDirection="up">
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        label={`${he.toast.regionLabel} ({hotkey})`}
        className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 empty:hidden md:px-6 [&:not(:empty)]:pt-3"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const destructive = item.variant === 'destructive';
  return (
    <ToastPrimitive.Root
      duration={item.duration}
      type={destructive ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      data-testid="toast"
      data-variant={item.variant}
      className={
        'flex w-full items-start gap-3 rounded-lg border p-4 text-start shadow ' +
        (destructive ? 'border-danger bg-danger text-white' : 'border-line bg-surface text-ink')
      }
    >
      <div className="min-w-0 flex-1">
        {item.title ? <ToastPrimitive.Title className="font-bold">{item.title}</ToastPrimitive.Title> : null}
        {item.description ? (
          <ToastPrimitive.Description className="mt-1 text-sm">{item.description}</ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close
        aria-label={he.toast.close}
        className={
          'inline-flex size-11 shrink-0 items-center justify-center rounded-md ' +
          (destructive ? 'hover:bg-white/15' : 'hover:bg-canvas')
        }
      >
        <StrokeIcon path={CROSS} />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

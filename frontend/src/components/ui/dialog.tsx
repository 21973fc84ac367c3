import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { secondaryButtonClass } from './styles';
import { CROSS, StrokeIcon } from './stroke-icon';

// A modal dialog on Radix: focus moves in and is trapped, Escape and the close buttons close it, focus returns to the
// control that opened it, the rest of the page is hidden from screen readers while it is open. Only the owner and
// admin areas import this file, so Radix stays out of the diner's bundle.

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** One sentence read with the title; optional. */
  description?: ReactNode;
  /** Accessible name of the close buttons. */
  closeLabel: string;
  children: ReactNode;
  /** Extra actions beside the close button at the bottom. */
  footer?: ReactNode;
  /** The button that opens the dialog (one element); focus returns to it when the dialog closes. */
  trigger?: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, closeLabel, children, footer, trigger }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-ink/60" />
        <RadixDialog.Content
          // Without a description, tell Radix so on purpose (it warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto flex max-h-[85dvh] w-auto max-w-2xl -translate-y-1/2 flex-col rounded-xl bg-surface text-start shadow-xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-line p-5">
            <div>
              <RadixDialog.Title className="text-xl font-bold text-ink">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-canvas hover:text-ink"
            >
              <StrokeIcon path={CROSS} />
            </RadixDialog.Close>
          </div>
          {/* Focusable so keyboard users can scroll long content (the terms) with the arrow keys. */}
          <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto p-5">
            {children}
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-line p-4">
            {footer}
            <RadixDialog.Close className={secondaryButtonClass}>{closeLabel}</RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

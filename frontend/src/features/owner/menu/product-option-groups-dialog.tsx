import { useLayoutEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { hintClass, labelClass } from '@/components/ui/form-styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { useProducts, type Product } from '../shared/api/menu';
import {
  moveItem,
  useAttachOptionGroup,
  useDetachOptionGroup,
  useOptionGroups,
  useReorderProductOptionGroups,
} from '../shared/api/option-groups';
import { errorDescription } from '../shared/errors';
import { ReorderableList } from './reorderable-list';
import { MoveButtons } from './move-buttons';

const t = heOwner.menuManagement.optionGroups;

/**
 * Which option groups one product shows: a check box per group of the business (ticking attaches it at once,
 * unticking detaches it), and the attached ones in the order diners see them, dragged by their handle (pointer or
 * keyboard, announced as the menu's other lists are: ReorderableList) or moved by their buttons.
 */
export function ProductOptionGroupsDialog({ productId, onClose }: { productId: number | null; onClose: () => void }) {
  // The product as the list has it now: every change refetches it, so the boxes follow the server.
  const product = useProducts().data?.find((candidate) => candidate.id === productId);
  return product ? <OpenDialog product={product} onClose={onClose} /> : null;
}

function OpenDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const groups = useOptionGroups();
  const attach = useAttachOptionGroup();
  const detach = useDetachOptionGroup();
  const reorder = useReorderProductOptionGroups();
  const [announcement, setAnnouncement] = useState('');
  const list = groups.data ?? [];
  const attached = product.optionGroupIds.flatMap((id) => list.filter((group) => group.id === id));
  const busy = attach.isPending || detach.isPending || reorder.isPending;
  // A moved row loses the focus: put it back on the button that moved it, or its twin at the end of the list.
  const listRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ id: string; direction: -1 | 1 } | null>(null);
  const order = product.optionGroupIds.join(',');
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const row = listRef.current?.querySelector(`[data-group-id="${wanted.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    if (!button) return;
    if (document.activeElement !== button) button.focus();
    refocus.current = null;
  }, [order]);

  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: t.attachError, description: errorDescription(error) });

  function toggle(groupId: string, name: string, on: boolean) {
    if (busy) return;
    const args = { productId: product.id, groupId };
    if (on) attach.mutate(args, { onSuccess: () => setAnnouncement(t.attached(name)), onError: failed });
    else detach.mutate(args, { onSuccess: () => setAnnouncement(t.detached(name)), onError: failed });
  }

  /** One request with the whole order; `announce` after it is saved (a drop was announced by the drag already). */
  function save(next: readonly { id: string }[], announce?: string) {
    reorder.mutate(
      { productId: product.id, ids: next.map((group) => group.id) },
      { onSuccess: () => (announce ? setAnnouncement(announce) : undefined), onError: failed },
    );
  }

  function move(index: number, direction: -1 | 1) {
    const group = attached[index];
    if (!group || busy) return;
    refocus.current = { id: group.id, direction };
    save(moveItem(attached, index, direction), t.moved(group.name, index + direction + 1, attached.length));
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t.productTitle(product.name)}
      description={t.productDescription(t.shownOrder)}
      closeLabel={t.close}
    >
      {groups.isPending ? (
        <p role="status" className="text-muted">
          {t.loading}
        </p>
      ) : list.length === 0 ? (
        <p className="text-muted">{t.productNoGroups}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <fieldset>
            <legend className={labelClass}>{t.title}</legend>
            <ul className="mt-2 flex flex-col gap-1">
              {list.map((group) => {
                const checked = product.optionGroupIds.includes(group.id);
                return (
                  <li key={group.id}>
                    <label className="inline-flex min-h-11 items-center gap-3 text-ink">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={checked}
                        onChange={(event) => toggle(group.id, group.name, event.target.checked)}
                      />
                      <span>
                        {t.attachLabel(group.name)}{' '}
                        <span className="text-sm text-muted">({t.rules(group.minChoices, group.maxChoices)})</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {attached.length > 1 ? (
            <div>
              <h3 className={labelClass}>{t.shownOrder}</h3>
              <div ref={listRef} data-testid="product-group-order">
                <ReorderableList
                  items={attached}
                  idOf={(group) => group.id}
                  nameOf={(group) => group.name}
                  label={t.shownOrder}
                  className="mt-2 flex flex-col gap-2"
                  onReorder={(next) => save(next)}
                  renderItem={(group, index, row) => (
                    <li
                      ref={row?.ref}
                      style={row?.style}
                      data-group-id={group.id}
                      className={`flex items-center justify-between gap-2 rounded-md bg-canvas p-2 ${
                        row?.dragging ? 'shadow-lg' : ''
                      }`}
                    >
                      <span className="font-medium text-ink">{group.name}</span>
                      <span className="flex gap-2">
                        {row?.handle}
                        <MoveButtons
                          first={index === 0}
                          last={index === attached.length - 1}
                          upLabel={t.moveUp(group.name)}
                          downLabel={t.moveDown(group.name)}
                          onMove={(direction) => move(index, direction)}
                        />
                      </span>
                    </li>
                  )}
                />
              </div>
            </div>
          ) : null}
        </div>
      )}
      <p role="status" className={`sr-only ${hintClass}`} data-testid="product-groups-announcement">
        {announcement}
      </p>
    </Dialog>
  );
}

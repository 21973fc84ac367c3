import { useId, useLayoutEffect, useRef, useState } from 'react';
import { cardClass, errorTextClass, hintClass } from '@/components/ui/form-styles';
import { secondaryButtonClass } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import type { Product } from '../shared/api/menu';
import {
  moveItem,
  useDeleteOptionGroup,
  useOptionAvailability,
  useOptionGroups,
  useRemoveOption,
  useReorderOptions,
  type Option,
  type OptionGroup,
} from '../shared/api/option-groups';
import { errorDescription } from '../shared/errors';
import { ConfirmDialog } from './confirm-dialog';
import { OptionDialog } from './option-dialog';
import { OptionGroupDialog } from './option-group-dialog';
import { priceText } from './product-row';
import { ReorderableList, type SortableRow } from './reorderable-list';
import { smallButtonClass } from './styles';
import { MoveButtons } from './move-buttons';
import { PanelHeader } from './panel-header';

const t = heOwner.menuManagement.optionGroups;

/**
 * The business's option groups ("סוג חלב", "בלי"), each with its options: add, edit, delete (after a confirmation),
 * reorder options by their buttons, sell an option out for today. Attaching a group to a product is on the product's
 * row (ProductOptionGroupsDialog).
 */
export function OptionGroupsPanel({ products }: { products: Product[] }) {
  const titleId = useId();
  const groups = useOptionGroups();
  const [editing, setEditing] = useState<{ open: boolean; group: OptionGroup | null }>({ open: false, group: null });
  const [optionDialog, setOptionDialog] = useState<{ open: boolean; groupId: string | null; option: Option | null }>({
    open: false,
    groupId: null,
    option: null,
  });
  const [deletingGroup, setDeletingGroup] = useState<OptionGroup | null>(null);
  const [deletingOption, setDeletingOption] = useState<{ group: OptionGroup; option: Option } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const deleteGroup = useDeleteOptionGroup();
  const removeOption = useRemoveOption();
  const list = groups.data ?? [];
  const optionGroup = list.find((group) => group.id === optionDialog.groupId) ?? null;

  return (
    <section aria-labelledby={titleId} className={`${cardClass} mt-6`} data-testid="option-groups-panel">
      <PanelHeader
        titleId={titleId}
        title={t.title}
        addLabel={t.add}
        onAdd={() => setEditing({ open: true, group: null })}
      />
      <p className={`${hintClass} mt-3 max-w-prose`}>{t.description}</p>
      {groups.isPending ? (
        <p role="status" className="mt-4 text-muted">
          {t.loading}
        </p>
      ) : groups.isError ? (
        <div className="mt-4">
          <p className={errorTextClass}>{t.loadError}</p>
          <p className="mt-1 text-muted">{errorDescription(groups.error)}</p>
          <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={() => void groups.refetch()}>
            {heOwner.menuManagement.retry}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-4 text-muted" data-testid="option-groups-empty">
          {t.empty}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 xl:grid-cols-2">
          {list.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              products={products}
              onEdit={() => setEditing({ open: true, group })}
              onDelete={() => setDeletingGroup(group)}
              onAddOption={() => setOptionDialog({ open: true, groupId: group.id, option: null })}
              onEditOption={(option) => setOptionDialog({ open: true, groupId: group.id, option })}
              onDeleteOption={(option) => setDeletingOption({ group, option })}
              onMoved={setAnnouncement}
            />
          ))}
        </ul>
      )}
      <p role="status" className="sr-only" data-testid="option-announcement">
        {announcement}
      </p>
      <OptionGroupDialog
        open={editing.open}
        group={editing.group}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
      />
      <OptionDialog
        open={optionDialog.open}
        group={optionGroup}
        option={optionDialog.option}
        onOpenChange={(open) => setOptionDialog((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={deletingGroup !== null}
        onClose={() => setDeletingGroup(null)}
        title={t.deleteTitle}
        description={
          deletingGroup ? (
            <>
              {t.deleteQuestion(deletingGroup.name)} {t.deleteProducts(deletingGroup.productIds.length)}
            </>
          ) : null
        }
        confirmLabel={t.confirmDelete}
        pendingLabel={t.deleting}
        pending={deleteGroup.isPending}
        onConfirm={() => {
          if (!deletingGroup) return;
          deleteGroup.mutate(deletingGroup.id, {
            onSuccess: () => {
              toast({ title: t.deleted });
              setDeletingGroup(null);
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: t.deleteError, description: errorDescription(error) }),
          });
        }}
      />
      <ConfirmDialog
        open={deletingOption !== null}
        onClose={() => setDeletingOption(null)}
        title={t.deleteOptionTitle}
        description={
          deletingOption ? t.deleteOptionQuestion(deletingOption.option.name, deletingOption.group.name) : null
        }
        confirmLabel={t.confirmDeleteOption}
        pendingLabel={t.deleting}
        pending={removeOption.isPending}
        onConfirm={() => {
          if (!deletingOption) return;
          removeOption.mutate(
            { groupId: deletingOption.group.id, optionId: deletingOption.option.id },
            {
              onSuccess: () => {
                toast({ title: t.optionDeleted });
                setDeletingOption(null);
              },
              onError: (error) =>
                toast({ variant: 'destructive', title: t.optionDeleteError, description: errorDescription(error) }),
            },
          );
        }}
      />
    </section>
  );
}

function GroupCard({
  group,
  products,
  onEdit,
  onDelete,
  onAddOption,
  onEditOption,
  onDeleteOption,
  onMoved,
}: {
  group: OptionGroup;
  products: Product[];
  onEdit: () => void;
  onDelete: () => void;
  onAddOption: () => void;
  onEditOption: (option: Option) => void;
  onDeleteOption: (option: Option) => void;
  onMoved: (announcement: string) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const reorder = useReorderOptions();
  const options = group.options;
  const usedBy = products
    .filter((product) => group.productIds.includes(product.id))
    .map((product) => product.name)
    .join(', ');
  // A moved row loses the focus: put it back on the button that moved it, or its twin at the end of the list.
  const refocus = useRef<{ id: string; direction: -1 | 1 } | null>(null);
  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const row = listRef.current?.querySelector(`[data-option-id="${wanted.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    if (!button) return;
    if (document.activeElement !== button) button.focus();
    refocus.current = null;
  }, [options]);

  /** One request with the whole new order; a refusal puts the old order back (useReorderOptions) and says so. */
  function save(next: readonly Option[]) {
    reorder.mutate(
      { groupId: group.id, ids: next.map((o) => o.id) },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: t.optionSaveError, description: errorDescription(error) }),
      },
    );
  }

  function move(index: number, direction: -1 | 1) {
    const option = options[index];
    if (!option) return;
    refocus.current = { id: option.id, direction };
    onMoved(t.moved(option.name, index + direction + 1, options.length));
    save(moveItem(options, index, direction));
  }

  return (
    <li className="rounded-lg border border-line p-4" data-testid="option-group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-ink">{group.name}</h3>
        {group.without ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-900">
            {t.withoutBadge}
          </span>
        ) : null}
        <span className="text-sm text-muted" data-testid="option-group-rules">
          {t.rules(group.minChoices, group.maxChoices)}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted" data-testid="option-group-products">
        {usedBy ? t.usedBy(usedBy) : t.unused}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={smallButtonClass} onClick={onEdit}>
          {t.editShort} <span className="sr-only">{group.name}</span>
        </button>
        <button type="button" className={smallButtonClass} onClick={onDelete}>
          {t.removeShort} <span className="sr-only">{group.name}</span>
        </button>
      </div>
      <h4 className="sr-only">{t.optionsTitle(group.name)}</h4>
      {options.length === 0 ? (
        <p className="mt-3 text-muted">{t.noOptions}</p>
      ) : (
        <div ref={listRef}>
          <ReorderableList
            items={options}
            idOf={(option) => option.id}
            nameOf={(option) => option.name}
            className="mt-3 flex flex-col gap-2"
            onReorder={save}
            renderItem={(option, index, row) => (
              <OptionRow
                group={group}
                option={option}
                first={index === 0}
                last={index === options.length - 1}
                onMove={(direction) => move(index, direction)}
                onEdit={() => onEditOption(option)}
                onDelete={() => onDeleteOption(option)}
                row={row}
              />
            )}
          />
        </div>
      )}
      <button type="button" className={`${secondaryButtonClass} mt-3`} onClick={onAddOption}>
        {t.addOption} <span className="sr-only">{t.addOptionTo(group.name)}</span>
      </button>
    </li>
  );
}

function OptionRow({
  group,
  option,
  first,
  last,
  onMove,
  onEdit,
  onDelete,
  row,
}: {
  group: OptionGroup;
  option: Option;
  row: SortableRow | null;
  first: boolean;
  last: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const availability = useOptionAvailability();
  const free = Number(option.price) === 0;
  return (
    <li
      ref={row?.ref}
      style={row?.style}
      data-option-id={option.id}
      className={`rounded-md bg-canvas p-2 ${row?.dragging ? 'shadow-lg' : ''}`}
      data-testid="option-row"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-ink">
          {option.name}
          {option.isDefault ? <span className="ms-2 text-sm font-normal text-muted">({t.defaultBadge})</span> : null}
        </span>
        {free ? (
          <span className="text-sm text-muted">{t.free}</span>
        ) : (
          <span dir="ltr" className="font-medium text-ink tabular-nums">
            +{priceText(option.price)}
          </span>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={option.available}
          aria-label={t.availability(option.name)}
          onClick={() =>
            availability.mutate(
              { groupId: group.id, optionId: option.id, available: !option.available },
              {
                onError: (error) =>
                  toast({ variant: 'destructive', title: t.optionSaveError, description: errorDescription(error) }),
              },
            )
          }
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-1"
        >
          <span
            aria-hidden="true"
            className={`relative inline-block h-6 w-11 rounded-full border-2 motion-safe:transition-colors ${
              option.available ? 'border-brand-700 bg-brand-700' : 'border-muted bg-surface'
            }`}
          >
            <span
              className={`absolute top-0.5 size-4 rounded-full motion-safe:transition-all ${
                option.available ? 'end-0.5 bg-white' : 'start-0.5 bg-muted'
              }`}
            />
          </span>
        </button>
        <span className={option.available ? 'text-sm font-medium text-brand-700' : 'text-sm font-medium text-danger'}>
          {option.available ? t.available : t.soldOut}
        </span>
        <span className="ms-auto flex flex-wrap gap-2">
          {row?.handle}
          <MoveButtons
            first={first}
            last={last}
            upLabel={t.moveUp(option.name)}
            downLabel={t.moveDown(option.name)}
            onMove={onMove}
          />
          <button type="button" className={smallButtonClass} onClick={onEdit}>
            {t.editShort} <span className="sr-only">{option.name}</span>
          </button>
          <button type="button" className={smallButtonClass} onClick={onDelete}>
            {t.removeShort} <span className="sr-only">{option.name}</span>
          </button>
        </span>
      </div>
    </li>
  );
}

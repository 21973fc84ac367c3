// Drag and keyboard reordering of one vertical list (categories, a category's products, a group's options), with
// @dnd-kit: its keyboard sensor, screen-reader instructions and live announcements (here in Hebrew). Loaded only by
// the menu-management page (reorderable-list.tsx imports it lazily), so no other owner screen downloads dnd-kit.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { heOwner } from '@/i18n/he-owner';
import type { SortableListProps, SortableRow } from './reorderable-list';

const t = heOwner.menuManagement.reorder;

// The lists are vertical: a row moves up and down only, whatever the page's direction. In a right-to-left page a
// sideways drift of the pointer would otherwise drag the row across the card, and the arrow keys that move it are
// up and down (left and right find no row beside it), so RTL changes nothing a person feels.
const upAndDownOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const modifiers = [upAndDownOnly];

// A drag measures where the rows are; a smooth scroll (the page's CSS, and dnd-kit's default for the arrow keys) moves
// them after that, so a row moved by keyboard near the window's edge would find itself over its old place again. The
// page scrolls at once while a keyboard drag lasts.
const sensorOptions = {
  pointer: { activationConstraint: { distance: 4 } },
  keyboard: { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'instant' as ScrollBehavior },
};
const START_KEYS = new Set(['Space', 'Enter']);
const scrollAtOnce = (atOnce: boolean) => {
  document.documentElement.style.scrollBehavior = atOnce ? 'auto' : '';
};

export function SortableList<T>({
  items,
  idOf,
  nameOf,
  className,
  label,
  onReorder,
  renderItem,
}: SortableListProps<T>) {
  // The new order shows from the drop itself: the caller's list follows a moment later (an optimistic update after
  // an await), and without this the row would jump back for a frame. Any new list from the caller (that order, or the
  // old one put back after a refusal) replaces it.
  const [dropped, setDropped] = useState<{ over: readonly T[]; order: T[] } | null>(null);
  const shown = dropped?.over === items ? dropped.order : items;
  const [byKeyboard, setByKeyboard] = useState(false);
  const ids = useMemo(() => shown.map(idOf), [shown, idOf]);

  const sensors = useSensors(
    // A few pixels of movement before a drag starts: a tap on the handle stays a tap.
    useSensor(PointerSensor, sensorOptions.pointer),
    useSensor(KeyboardSensor, sensorOptions.keyboard),
  );
  useEffect(() => () => scrollAtOnce(false), []);

  const place = (id: UniqueIdentifier | undefined) => ids.indexOf(id ?? '') + 1;
  const nameOfId = (id: UniqueIdentifier) => {
    const item = shown.find((candidate) => idOf(candidate) === id);
    return item === undefined ? '' : nameOf(item);
  };
  // dnd-kit reports the row over its own place as soon as the drag starts, which would replace "picked up" before a
  // screen reader reads it: until the row has left its place, that report repeats the pick-up.
  const left = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      left.current = false;
      return t.picked(nameOfId(active.id), place(active.id), ids.length);
    },
    onDragOver: ({ active, over }) => {
      if (!over) return t.outside(nameOfId(active.id));
      if (over.id === active.id && !left.current) return t.picked(nameOfId(active.id), place(active.id), ids.length);
      left.current = true;
      return t.over(nameOfId(active.id), place(over.id), ids.length);
    },
    onDragEnd: ({ active, over }) => t.dropped(nameOfId(active.id), place(over?.id ?? active.id), ids.length),
    onDragCancel: ({ active }) => t.cancelled(nameOfId(active.id), place(active.id), ids.length),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    scrollAtOnce(false);
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    const moved = shown[from];
    if (from < 0 || to < 0 || moved === undefined) return;
    const next = arrayMove([...shown], from, to);
    setDropped({ over: items, order: next });
    onReorder(next, moved, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={modifiers}
      // The window scrolls itself near its edges for a pointer; a keyboard drag scrolls the row into view as it moves
      // (the sensor's own scrolling), and an edge scroll on top of that would carry the page away from under the row.
      // Decided by the handle's own key or pointer press, in the same update as the drag's start: a scroll started on
      // the drag's first frame would not stop.
      autoScroll={!byKeyboard}
      onDragEnd={onDragEnd}
      onDragCancel={() => scrollAtOnce(false)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={className} aria-label={label} data-sortable="ready">
          {shown.map((item, index) => (
            <Fragment key={idOf(item)}>
              <SortableItem id={idOf(item)} name={nameOf(item)} onPress={setByKeyboard}>
                {(row) => renderItem(item, index, row)}
              </SortableItem>
            </Fragment>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  name,
  onPress,
  children,
}: {
  id: UniqueIdentifier;
  name: string;
  /** Told before a drag starts whether the keyboard (true) or a pointer starts it. */
  onPress: (byKeyboard: boolean) => void;
  children: (row: SortableRow) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t.roleDescription },
  });
  const { onKeyDown, onPointerDown } = (listeners ?? {}) as {
    onKeyDown?: (event: ReactKeyboardEvent) => void;
    onPointerDown?: (event: ReactPointerEvent) => void;
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      onPointerDown={(event) => {
        onPress(false);
        onPointerDown?.(event);
      }}
      onKeyDown={(event) => {
        // Before dnd-kit's own handler, which scrolls the row into view as the drag starts.
        if (START_KEYS.has(event.code)) {
          scrollAtOnce(true);
          onPress(true);
        }
        onKeyDown?.(event);
      }}
      aria-label={t.handle(name)}
      data-testid="drag-handle"
      // touch-none: a finger on the handle drags the row instead of scrolling the page.
      className="inline-flex min-h-11 min-w-11 cursor-grab touch-none items-center justify-center rounded-md border border-line bg-surface text-ink hover:bg-canvas active:cursor-grabbing"
    >
      <GripIcon />
    </button>
  );
  return children({
    ref: setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative',
      zIndex: isDragging ? 10 : undefined,
    },
    dragging: isDragging,
    handle,
  });
}

function GripIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      {[5, 10, 15].flatMap((y) => [7, 13].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />))}
    </svg>
  );
}

import { Fragment, useSyncExternalStore, type ComponentType, type CSSProperties, type ReactNode } from 'react';

/** What a row needs to be dragged: its element, its moving style and the handle to draw among its buttons. */
export interface SortableRow {
  ref: (element: HTMLElement | null) => void;
  style: CSSProperties;
  dragging: boolean;
  handle: ReactNode;
}

export interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string | number;
  /** Read in the handle's name and the screen reader's announcements. */
  nameOf: (item: T) => string;
  className: string;
  /** The list's accessible name, when the page shows several lists of the same kind. */
  label?: string | undefined;
  /** Called once per drop that changed the order, with the whole new order. */
  onReorder: (next: T[], moved: T, position: number) => void;
  /** One `<li>`: `row` is null until the drag code has loaded (the list works with its buttons meanwhile). */
  renderItem: (item: T, index: number, row: SortableRow | null) => ReactNode;
}

// dnd-kit comes in a chunk of its own (vite.config.ts), loaded by the menu-management page's route with its data, so
// no other owner screen downloads it, and the lists are drawn draggable from their first paint: a list that turned
// draggable later would draw its rows anew and take the focus from a row's button. React.lazy would always show its
// fallback first, so the loaded module is kept here instead.
type SortableModule = typeof import('./sortable-list');
let loaded: SortableModule | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/** Loads the drag code; never fails (without it the lists keep their buttons, and the next page visit tries again). */
export function preloadSortable(): Promise<void> {
  loading ??= import('./sortable-list').then(
    (module) => {
      loaded = module;
      for (const notify of waiting) notify();
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

function subscribe(notify: () => void) {
  waiting.add(notify);
  void preloadSortable();
  return () => waiting.delete(notify);
}

/** A list whose rows can be dragged, or moved by keyboard from their handle; drawn plain until the drag code loads. */
export function ReorderableList<T>(props: SortableListProps<T>) {
  const module = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  if (module) {
    const SortableList = module.SortableList as ComponentType<SortableListProps<T>>;
    return <SortableList {...props} />;
  }
  return (
    <ul className={props.className} aria-label={props.label}>
      {props.items.map((item, index) => (
        <Fragment key={props.idOf(item)}>{props.renderItem(item, index, null)}</Fragment>
      ))}
    </ul>
  );
}

// One phone at a shared table (issue 34): the table's state from its own request and its socket, the reader's changes
// sent one after another (a retried add keeps its line id), and the two carts the diner's screens read.
import { TABLE_SOCKET, type TableSocketState, type TableState } from '@tafrit/contracts/tables';
import { ORDER_LIMITS } from '@tafrit/contracts/http/order-limits';
import type { CartLine, CartStore } from '../cart';
import { setJoinedTable, setTableAlone } from '../table-secret';
import {
  getTableState,
  isPushedState,
  saveMe as putMe,
  chargeTab as postCharge,
  openHold as postHold,
  saveNotes as putNotes,
  sendLineRequest,
  sendRound as postRound,
  TableNotFound,
  TableRefused,
  type TablePlace,
} from './api';
import { lineRequests, nextTableState, orderCartLines, ownCartLines, type StateSource } from './table-state';
import type { TableProblem, TableSession, TableView } from './types';

type Change = (lines: readonly CartLine[]) => CartLine[];
interface Socket {
  on(event: string, listener: (...args: never[]) => void): void;
  disconnect(): void;
}

const newLineId = (): string => crypto.randomUUID();

export function createTableSession(place: TablePlace, { alone = false }: { alone?: boolean } = {}): TableSession {
  let view: TableView = {
    status: alone ? 'alone' : 'joining',
    state: null,
    problem: null,
    problemMessage: '',
    live: false,
  };
  let own = ownCartLines(null);
  const queue: Change[] = [];
  let menuLines: CartLine[] = [];
  let tableLines: CartLine[] = [];
  let pumping = false;
  let socket: Socket | null = null;
  let loading: AbortController | null = null;
  let disposed = false;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const set = (change: Partial<TableView>) => {
    view = { ...view, ...change };
    setJoinedTable(place.departmentId, view.status === 'joined' ? place : null);
    emit();
  };
  /** The menu's lines: the reader's own on the server, with the changes still on their way applied over them. */
  const recompute = () => {
    menuLines = queue.reduce<CartLine[]>((lines, change) => change(lines), own.lines);
    tableLines = orderCartLines(view.state);
  };

  function apply(incoming: TableState | TableSocketState, source: StateSource) {
    const state = nextTableState(view.state, incoming, source);
    if (state === view.state) return;
    own = ownCartLines(state);
    view = { ...view, state };
    recompute();
    set({});
  }

  function fail(error: unknown) {
    if (error instanceof TableNotFound) {
      stop();
      set({ status: 'invalid', state: null });
      return;
    }
    if (error instanceof TableRefused) {
      set(
        error.code === 'table.cart_paying'
          ? { problem: 'paying', problemMessage: '', problemCode: error.code }
          : { problem: 'refused', problemMessage: error.message, problemCode: error.code },
      );
      // The server said no: what the phone showed may not be the table's any more, so read it again.
      if (view.status === 'joined') load();
    } else {
      set({ problem: 'network', problemMessage: '', problemCode: undefined });
    }
  }

  /** One of the tab's calls: its answer kept, or the refusal said (false). */
  async function tabCall(request: () => Promise<TableState>): Promise<boolean> {
    try {
      apply(await request(), 'answer');
      set({ problem: null, problemCode: undefined });
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  }

  function load() {
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    getTableState(place, controller.signal).then(
      (state) => {
        if (disposed || controller.signal.aborted) return;
        apply(state, 'answer');
        if (view.status !== 'joined') set({ status: 'joined', problem: null });
        connect();
      },
      (error: unknown) => {
        if (disposed || controller.signal.aborted) return;
        if (error instanceof TableNotFound) fail(error);
        else if (view.status === 'joining') set({ status: 'failed' });
        else fail(error);
      },
    );
  }

  function connect() {
    if (socket || disposed) return;
    const placeNow = place;
    void import('socket.io-client').then(({ io }) => {
      if (disposed || socket || view.status !== 'joined') return;
      const connection = io(TABLE_SOCKET.namespace, {
        transports: ['websocket'],
        auth: { departmentId: placeNow.departmentId, table: placeNow.table, key: placeNow.key },
      });
      socket = connection as unknown as Socket;
      // Every connection, the first and each one after a drop, reads the state again: a change made while the
      // socket was joining or away is never missed.
      connection.on('connect', () => {
        set({ live: true });
        load();
      });
      connection.on('disconnect', () => set({ live: false }));
      connection.on(TABLE_SOCKET.state, (payload: unknown) => {
        if (isPushedState(payload)) apply(payload, 'socket');
      });
    });
  }

  // A phone put away comes back to the table's state as it is now (its socket may have slept meanwhile).
  const onVisible = () => {
    if (document.visibilityState === 'visible' && view.status === 'joined') load();
  };
  globalThis.document?.addEventListener('visibilitychange', onVisible);

  function stop() {
    loading?.abort();
    socket?.disconnect();
    socket = null;
    queue.length = 0;
    view = { ...view, live: false };
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0 && !disposed) {
        const change = queue[0]!;
        const state = view.state;
        if (state && view.status === 'joined') {
          const requests = lineRequests({
            before: own.lines,
            after: change(own.lines),
            ids: own.ids,
            newId: newLineId,
            table: new Map(state.cart.lines.map((line) => [line.lineId, line.quantity])),
          });
          for (const request of requests) {
            try {
              apply(await sendLineRequest(place, request), 'answer');
            } catch (error) {
              fail(error);
              break;
            }
          }
        }
        queue.shift();
        recompute();
        emit();
      }
    } finally {
      pumping = false;
    }
  }

  const paying = () => view.state?.cart.status === 'paying';

  const menuStore: CartStore = {
    getLines: () => menuLines,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(change) {
      if (view.status !== 'joined') return menuLines;
      if (paying()) {
        set({ problem: 'paying', problemMessage: '' });
        return menuLines;
      }
      queue.push(change);
      recompute();
      set({ problem: null });
      void pump();
      return menuLines;
    },
  };

  const tableStore: CartStore = {
    getLines: () => tableLines,
    subscribe: menuStore.subscribe,
    // The checkout's own cart changes (a product no longer sold) are the table's: its lines are changed on the cart.
    update: () => tableLines,
  };

  const session: TableSession = {
    place,
    subscribe: menuStore.subscribe,
    getView: () => view,
    menuStore,
    tableStore,
    setAlone(next) {
      setTableAlone(place.departmentId, next ? place.key : null);
      if (next) {
        stop();
        set({ status: 'alone', problem: null });
      } else if (view.status === 'alone') {
        set({ status: 'joining' });
        load();
      }
    },
    changeLine(lineId, quantity) {
      const state = view.state;
      const line = state?.cart.lines.find((candidate) => candidate.lineId === lineId);
      // A line a round sent is the kitchen's: nobody changes it.
      if (!state || !line || line.dinerId !== state.you.dinerId || line.round !== undefined) return;
      if (paying()) {
        set({ problem: 'paying', problemMessage: '' });
        return;
      }
      const capped = Math.min(Math.max(0, Math.trunc(quantity)), ORDER_LIMITS.quantityMax);
      void sendLineRequest(
        place,
        capped === 0
          ? { kind: 'remove', lineId }
          : { kind: 'change', lineId, quantity: capped, ...(line.options?.length ? { options: line.options } : {}) },
      ).then((next) => apply(next, 'answer'), fail);
    },
    async saveMe(me) {
      try {
        apply(await putMe(place, me), 'answer');
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async saveNotes(notes) {
      try {
        apply(await putNotes(place, notes.trim() || null), 'answer');
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    sendRound() {
      const state = view.state;
      if (!state) return Promise.resolve(false);
      return tabCall(() => postRound(place, state.cart.version));
    },
    async openHold(language) {
      try {
        const url = await postHold(place, language);
        set({ problem: null, problemCode: undefined });
        return url;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    chargeTab() {
      return tabCall(() => postCharge(place));
    },
    retry() {
      if (view.status === 'failed' || view.status === 'invalid') set({ status: 'joining' });
      load();
    },
    dispose() {
      disposed = true;
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
      stop();
      setJoinedTable(place.departmentId, null);
      listeners.clear();
    },
  };

  if (!alone) load();
  else setJoinedTable(place.departmentId, null);
  return session;
}

/** A problem's kind for the strings (exported for tests). */
export type { TableProblem };

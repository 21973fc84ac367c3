// Today's paid orders, kept live: the list from GET /api/live-orders, then the `/owner` socket's events merged into
// it (live-board.ts). After every (re)connect the console asks `live.sync` for what it missed since the last position
// it saw; a `reset` answer means too much was missed, so the list is fetched again.
//
// socket.io-client is imported on demand: only this screen needs it, so no other page (and never the diner's page)
// downloads it.
import {
  SOCKET_EVENTS,
  SOCKET_NAMESPACES,
  liveEventSchema,
  type LiveEvent,
  type LiveSyncAnswer,
} from '@tafrit/contracts/sockets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { tokenFor } from '@/lib/api-client';
import { adminImpersonating, authToken } from '@/lib/storage';
import { LIVE_ORDERS_URL, getLiveOrders } from '../shared/api/live-orders';
import { refreshOwnerSession } from '../shared/api/session-request';
import { applyLiveEvents, boardFrom, mergeRecent, type LiveBoard } from './live-board';

export const liveBoardKey = [LIVE_ORDERS_URL] as const;

/** connecting: the first connection; lost: reconnecting; back: reconnected a moment ago (then connected). */
export type ConnectionState = 'connecting' | 'connected' | 'lost' | 'back';

/** How long "the connection is back" stays before the usual connected line. */
export const BACK_NOTICE_MS = 5000;
/** Events kept to replay onto a list fetched again: pushes may arrive while the GET is on its way. */
const RECENT_EVENTS = 200;

function parseEvents(raw: unknown): LiveEvent[] {
  const list = Array.isArray(raw) ? raw : [];
  return list.flatMap((item) => {
    const parsed = liveEventSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function useLiveOrders({ onNewOrders }: { onNewOrders: (count: number) => void }) {
  const queryClient = useQueryClient();
  const recent = useRef<LiveEvent[]>([]);
  const socketRef = useRef<Socket | null>(null);
  const onNewOrdersRef = useRef(onNewOrders);
  useEffect(() => {
    onNewOrdersRef.current = onNewOrders;
  }, [onNewOrders]);
  const [connection, setConnection] = useState<ConnectionState>('connecting');

  const query = useQuery({
    queryKey: liveBoardKey,
    queryFn: async ({ signal }): Promise<LiveBoard> =>
      applyLiveEvents(boardFrom(await getLiveOrders(signal)), recent.current),
    enabled: tokenFor(LIVE_ORDERS_URL) !== null,
    // The socket keeps the list fresh; a fetch on every focus would only repeat it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const apply = useCallback(
    (events: LiveEvent[]) => {
      if (events.length === 0) return;
      // The recent events are applied again with the new ones, oldest first: each change is taken only if newer
      // than what its order already shows, so a repeat is harmless and a push that overtook older events is kept.
      recent.current = mergeRecent(recent.current, events, RECENT_EVENTS);
      let fresh = 0;
      queryClient.setQueryData<LiveBoard>(liveBoardKey, (board) => {
        if (!board) return board;
        const next = applyLiveEvents(board, recent.current);
        // New to the kitchen: a paid order not listed before, or one for later that has just become due (issue 33).
        const known = new Set(board.orders.filter((order) => !order.upcoming).map((order) => order.orderId));
        fresh = next.orders.filter(
          (order) => order.status === 'paid' && !order.upcoming && !known.has(order.orderId),
        ).length;
        return next;
      });
      if (fresh > 0) onNewOrdersRef.current(fresh);
    },
    [queryClient],
  );

  const sync = useCallback(() => {
    const socket = socketRef.current;
    const board = queryClient.getQueryData<LiveBoard>(liveBoardKey);
    if (!socket?.connected || !board) return;
    socket.emit(SOCKET_EVENTS.liveSync, { since: board.lastPosition }, (answer: LiveSyncAnswer | undefined) => {
      if (!answer) return;
      apply(parseEvents(answer.events));
      if (answer.reset) void queryClient.invalidateQueries({ queryKey: liveBoardKey });
    });
  }, [apply, queryClient]);

  useEffect(() => {
    let stopped = false;
    let hadConnected = false;
    let backTimer: ReturnType<typeof setTimeout> | undefined;

    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const socket = io(SOCKET_NAMESPACES.owner, {
        transports: ['websocket'],
        // Called before every (re)connection, so a refreshed access token is the one sent.
        auth: (send) => send({ token: authToken.get() ?? '' }),
      });
      socketRef.current = socket;

      socket.on('connect', () => {
        clearTimeout(backTimer);
        if (hadConnected) {
          setConnection('back');
          backTimer = setTimeout(() => setConnection('connected'), BACK_NOTICE_MS);
        } else {
          setConnection('connected');
        }
        hadConnected = true;
        sync();
      });
      socket.on('disconnect', (reason) => {
        if (reason === 'io client disconnect') return;
        setConnection('lost');
        // The server ends a console's socket when its sign-in ended (logout elsewhere, signed out from Settings, a
        // closed account; decision 036) and the client does not retry that by itself. Asking for the list again
        // finds the session over and goes to /login, rather than showing a lost connection for good.
        if (reason === 'io server disconnect') void queryClient.refetchQueries({ queryKey: liveBoardKey });
      });
      socket.on('connect_error', (error: Error) => {
        setConnection('lost');
        if (error.message !== 'auth.unauthenticated') return; // the client retries on its own
        // The server refused the token: a refused handshake is not retried by the client. Refresh it the way every
        // owner call does, then connect again; if the session is over, the list's call ends it (and goes to /login).
        const refreshed = adminImpersonating.get() ? Promise.resolve(false) : refreshOwnerSession();
        void refreshed.then((ok) => {
          if (stopped) return;
          if (ok) socket.connect();
          else void queryClient.refetchQueries({ queryKey: liveBoardKey });
        });
      });
      socket.on(SOCKET_EVENTS.live, (payload: unknown) => apply(parseEvents([payload])));
    });

    return () => {
      stopped = true;
      clearTimeout(backTimer);
      socketRef.current?.disconnect();
      socketRef.current = null;
    };
  }, [apply, queryClient, sync]);

  // The list arrived after the socket connected: catch up with what happened in between.
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) sync();
  }, [loaded, sync]);

  return { query, connection };
}

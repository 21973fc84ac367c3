// The kitchen's buttons on an order card: a step (accept, ready, served) and a reprint. Each is a mutation; several
// orders may be on their way at once, so the cards ask which orders have one pending rather than keeping a set.
import type { LiveOrder } from '@tafrit/contracts/sockets';
import { useMutation, useMutationState, useQueryClient, type MutationKey } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { heOwner } from '@/i18n/he-owner';
import { isApiError } from '@/lib/api-client';
import { moveOrder, reprintOrder, type KitchenStep } from '../shared/api/live-orders';
import { errorDescription } from '../shared/errors';
import { setOrderStatus, type LiveBoard } from './live-board';
import { liveBoardKey } from './use-live-orders';

const t = heOwner.live;
const MOVE_KEY = ['live-orders', 'move'] as const;
const REPRINT_KEY = ['live-orders', 'reprint'] as const;

interface MoveRequest {
  order: LiveOrder;
  step: KitchenStep;
  readyInMinutes: number | undefined;
}

/** The ids of the orders with a request of this kind on its way. */
function usePendingOrders(mutationKey: MutationKey): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { order: LiveOrder }).order.orderId,
  });
  return new Set(ids);
}

export function useKitchenActions() {
  const queryClient = useQueryClient();
  const updateBoard = (change: (board: LiveBoard) => LiveBoard) =>
    queryClient.setQueryData<LiveBoard>(liveBoardKey, (current) => (current ? change(current) : current));

  const move = useMutation({
    mutationKey: MOVE_KEY,
    mutationFn: ({ order, step, readyInMinutes }: MoveRequest) => moveOrder(order.orderId, step, readyInMinutes),
    onMutate: ({ order, step }) => {
      // Shown at once; the answer (and the live event every other console gets) confirms it.
      updateBoard((current) => setOrderStatus(current, order.orderId, step));
      return { before: order.status };
    },
    onSuccess: (saved) => updateBoard((current) => setOrderStatus(current, saved.orderId, saved.status)),
    onError: (error, { order, step }, context) => {
      if (context) {
        updateBoard((current) => {
          const now = current.orders.find((listed) => listed.orderId === order.orderId);
          return now?.status === step ? setOrderStatus(current, order.orderId, context.before) : current;
        });
      }
      toast({ variant: 'destructive', title: t.statusError, description: errorDescription(error) });
      // Another console moved it first: take the list as the server has it.
      if (isApiError(error) && error.code === 'order.invalid_transition') {
        void queryClient.invalidateQueries({ queryKey: liveBoardKey });
      }
    },
  });

  const reprint = useMutation({
    mutationKey: REPRINT_KEY,
    mutationFn: ({ order }: { order: LiveOrder }) => reprintOrder(order.orderId),
    onSuccess: () => toast({ title: t.reprintSent }),
    onError: (error) => toast({ variant: 'destructive', title: t.reprintError, description: errorDescription(error) }),
  });

  return {
    moving: usePendingOrders(MOVE_KEY),
    reprinting: usePendingOrders(REPRINT_KEY),
    onMove: (order: LiveOrder, step: KitchenStep, readyInMinutes?: number) =>
      move.mutate({ order, step, readyInMinutes }),
    onReprint: (order: LiveOrder) => reprint.mutate({ order }),
  };
}

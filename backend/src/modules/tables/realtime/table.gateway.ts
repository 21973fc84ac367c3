import { randomUUID } from 'node:crypto';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { TABLE_SOCKET, tableParamsSchema } from '@tafrit/contracts';
import type { Namespace, Socket } from 'socket.io';
import { type OpenedTable, TableAccess } from '../application/table-access.js';
import { TableCarts } from '../application/table-carts.service.js';
import { TableHub, tableRoom } from './table-hub.js';

/**
 * `/table`: the diners' pages at a shared table (issue 34). The handshake carries the poster's `{ departmentId, table,
 * key }`; any refusal (the same as the routes' 404) reaches the client as `connect_error` with `not_found` and the
 * socket is never joined. A good one joins its table's room (rooms cross instances through the Redis adapter) and gets
 * the table's state at once, then every change as `table.state` (without `you`: one broadcast for all).
 */
@WebSocketGateway({ namespace: TABLE_SOCKET.namespace })
export class TableGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket> {
  constructor(
    private readonly access: TableAccess,
    private readonly carts: TableCarts,
    private readonly hub: TableHub,
  ) {}

  afterInit(namespace: Namespace): void {
    this.hub.attach(namespace);
    namespace.use((socket, next) => {
      this.authenticate(socket).then(
        (table) => {
          if (!table) return next(new Error('not_found'));
          (socket.data as { table: OpenedTable }).table = table;
          next();
        },
        () => next(new Error('not_found')),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const { table } = socket.data as { table?: OpenedTable };
    if (!table) {
      socket.disconnect(true);
      return;
    }
    await socket.join(tableRoom(table.businessPhone, table.number));
    try {
      const cart = await this.carts.liveCart(table, {
        actor: { kind: 'diner' },
        correlationId: randomUUID(),
      });
      socket.emit(TABLE_SOCKET.state, await this.carts.stateOf(cart));
    } catch {
      // The database is away for a moment: the page's own GET has the state, and the next change is pushed.
    }
  }

  private async authenticate(socket: Socket): Promise<OpenedTable | null> {
    const auth = (socket.handshake.auth ?? {}) as { departmentId?: unknown; table?: unknown; key?: unknown };
    const parsed = tableParamsSchema.safeParse({ departmentId: auth.departmentId, table: auth.table });
    if (!parsed.success) return null;
    return this.access.open(parsed.data.departmentId, parsed.data.table, auth.key);
  }
}

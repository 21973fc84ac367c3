import { Injectable } from '@nestjs/common';
import { TABLE_SOCKET, type TableSocketState } from '@tafrit/contracts';
import type { Namespace } from 'socket.io';

/** The room of one table of one business: every diner's socket at it, on every instance (the Redis adapter). */
export const tableRoom = (businessPhone: string, number: number): string => `table:${businessPhone}:${number}`;

/**
 * Pushes a table's new state to the diners at it. The `/table` gateway attaches its namespace at start; before that
 * (or in a process without sockets) a push is dropped, and the diners' next read has the state anyway.
 */
@Injectable()
export class TableHub {
  private namespace: Namespace | undefined;

  attach(namespace: Namespace): void {
    this.namespace = namespace;
  }

  toTable(businessPhone: string, number: number, state: TableSocketState): void {
    this.namespace?.to(tableRoom(businessPhone, number)).emit(TABLE_SOCKET.state, state);
  }
}

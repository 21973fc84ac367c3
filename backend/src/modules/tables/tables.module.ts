import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { DinerSessions } from '../../platform/http/diner-sessions.js';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { MenuModule } from '../menu/index.js';
import { DinerTablesController } from './api/diner-tables.controller.js';
import { OwnerTablesController } from './api/owner-tables.controller.js';
import { DinerTables } from './application/diner-tables.service.js';
import { SharedTables } from './application/shared-tables.js';
import { TableAccess } from './application/table-access.js';
import { TableCarts } from './application/table-carts.service.js';
import { TableKeys } from './application/table-keys.js';
import { TableLinePricing } from './application/table-line-pricing.js';
import {
  CheckOutTableCartHandler,
  TableTabHandler,
  CloseTableCartHandler,
  ReopenTableCartHandler,
} from './application/table-order-commands.js';
import { ChooseTablesHandler, RenewTableKeysHandler } from './application/tables-commands.js';
import { WaitingTablesQuery } from './application/waiting-tables.query.js';
import { IdleCartsSweep } from './processors/idle-carts.sweep.js';
import { UnpaidSharesSweep } from './processors/unpaid-shares.sweep.js';
import { tableOrdersProcessor } from './processors/table-orders.processor.js';
import { businessTablesProjection } from './projections/business-tables.projection.js';
import { BusinessTablesReader } from './projections/business-tables.reader.js';
import { tableCartsProjection } from './projections/table-carts.projection.js';
import { TableCartsReader } from './projections/table-carts.reader.js';
import { tablePaymentsProjection } from './projections/table-payments.projection.js';
import { TablePaymentsReader } from './projections/table-payments.reader.js';
import { TableGateway } from './realtime/table.gateway.js';
import { TableHub } from './realtime/table-hub.js';

/**
 * The shared table (issue 34, decision 055): a café's tables on `tables-{phone}` (`business_tables`), one cart per
 * table and party on `tablecart-{cartId}` (`table_carts`, inline), the owner's and the diner's routes, the `/table`
 * socket, the idle sweep, the reactor that ends or reopens a cart when its order is paid or expires, and the payers'
 * parts of a paying cart's order (`table_payments`, from the order log's part events, pushed to the table). Ordering
 * reads a table's cart through `SharedTables` and moves it with the commands of `table-order-commands.ts`.
 */
@Module({
  imports: [MenuModule],
  controllers: [OwnerTablesController, DinerTablesController],
  providers: [
    TableKeys,
    BusinessTablesReader,
    TableCartsReader,
    TablePaymentsReader,
    TableAccess,
    TableLinePricing,
    TableHub,
    TableCarts,
    DinerTables,
    SharedTables,
    DinerSessions,
    ChooseTablesHandler,
    RenewTableKeysHandler,
    CheckOutTableCartHandler,
    TableTabHandler,
    ReopenTableCartHandler,
    CloseTableCartHandler,
    IdleCartsSweep,
    UnpaidSharesSweep,
    WaitingTablesQuery,
    TableGateway,
  ],
  exports: [SharedTables, BusinessTablesReader, IdleCartsSweep, TableAccess],
})
export class TablesModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly runner: ProcessorRunner,
    private readonly carts: TableCarts,
    private readonly reader: TableCartsReader,
  ) {}

  onModuleInit(): void {
    this.projections.register(businessTablesProjection);
    this.projections.register(tableCartsProjection);
    this.runner.register(tableOrdersProcessor({ carts: this.carts, reader: this.reader }));
    this.runner.register(
      tablePaymentsProjection({
        push: (orderIds) => {
          // After the commit; a push that fails is caught up by the diners' next read.
          this.carts.pushPaying(orderIds).catch(() => {});
        },
      }),
    );
  }
}

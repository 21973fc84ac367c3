import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OwnerSetupAction, SetupChecklist } from '@tafrit/contracts';
import { BusinessReader } from '../../accounts/index.js';
import { MenuReader } from '../../menu/index.js';
import { TestOrdersReader } from '../../ordering/index.js';
import { PrinterReader } from '../../printing/index.js';
import { setupChecklistOf } from '../domain/setup-checklist.js';
import { SetupProgressStore } from '../persistence/setup-progress.store.js';

export class GetSetupChecklistQuery {
  constructor(readonly businessPhone: string) {}
}

/** The signed-in business's checklist, from the read models it already has (decision 034). */
@QueryHandler(GetSetupChecklistQuery)
export class GetSetupChecklistHandler implements IQueryHandler<GetSetupChecklistQuery, SetupChecklist> {
  constructor(
    private readonly businesses: BusinessReader,
    private readonly menu: MenuReader,
    private readonly testOrders: TestOrdersReader,
    private readonly printers: PrinterReader,
    private readonly progress: SetupProgressStore,
  ) {}

  async execute({ businessPhone }: GetSetupChecklistQuery): Promise<SetupChecklist> {
    // One after the other: on the embedded database the ORM has a single connection.
    const seller = await this.businesses.sellerOf(businessPhone);
    const sections = await this.menu.sections(businessPhone);
    const testOrderPlaced = await this.testOrders.hasAny(businessPhone);
    const printerPaired = await this.printers.isPaired(businessPhone);
    const progress = await this.progress.of(businessPhone);
    return setupChecklistOf({
      seller,
      categories: sections.length,
      products: sections.reduce((sum, section) => sum + section.products.length, 0),
      testOrderPlaced,
      printerPaired,
      ...progress,
    });
  }
}

export class RecordSetupActionCommand {
  constructor(
    readonly businessPhone: string,
    /** What the owner's browser did, or `dismissed`: the owner closed the card. */
    readonly action: OwnerSetupAction | 'dismissed',
  ) {}
}

/** The owner's small actions the server cannot see (the QR downloaded, browser printing on) and closing the card. */
@CommandHandler(RecordSetupActionCommand)
export class RecordSetupActionHandler implements ICommandHandler<RecordSetupActionCommand, void> {
  constructor(private readonly progress: SetupProgressStore) {}

  async execute({ businessPhone, action }: RecordSetupActionCommand): Promise<void> {
    await this.progress.record(businessPhone, action, new Date());
  }
}

import { Module, type OnModuleInit } from '@nestjs/common';
import { ProcessorRunner } from '../../platform/processing/processor-runner.js';
import { ActorNames } from '../team/index.js';
import { AgentApiController } from './api/agent-api.controller.js';
import { LiveOrdersController } from './api/live-orders.controller.js';
import { PrinterController } from './api/printer.controller.js';
import { LiveOrderHandler } from './application/live-order.handler.js';
import { LiveOrdersQuery } from './application/live-orders.query.js';
import { PairingService } from './application/pairing.service.js';
import { PrintSlipsQuery } from './application/print-slips.query.js';
import { PrinterPresence } from './application/printer-presence.service.js';
import { RecordPrinterEventHandler } from './application/record-printer-event.handler.js';
import { SlipDelivery } from './application/slip-delivery.service.js';
import { cancelledSlipProcessor } from './processors/cancelled-slip.processor.js';
import { liveOrdersProjection } from './processors/live-orders.projection.js';
import { slipDispatchProcessor } from './processors/slip-dispatch.processor.js';
import { AgentGateway } from './realtime/agent.gateway.js';
import { LiveHub } from './realtime/live-hub.js';
import { OwnerGateway } from './realtime/owner.gateway.js';

import { PrinterReader } from './projections/printer.reader.js';
/**
 * Live orders and printing (issue 6): the owner consoles' socket namespace and list (with the answer to the
 * kitchen's buttons, which are ordering's), pairing
 * and presence of the printing agent, slips rendered on the server (decision 008) and pushed to the agent.
 */
@Module({
  controllers: [PrinterController, AgentApiController, LiveOrdersController],
  providers: [
    LiveHub,
    PairingService,
    PrinterPresence,
    RecordPrinterEventHandler,
    SlipDelivery,
    PrintSlipsQuery,
    LiveOrdersQuery,
    LiveOrderHandler,
    OwnerGateway,
    AgentGateway,
    PrinterReader,
  ],
  // PrinterReader: the administrator's debug view counts the agents online.
  exports: [PrinterReader],
})
export class PrintingModule implements OnModuleInit {
  constructor(
    private readonly runner: ProcessorRunner,
    private readonly hub: LiveHub,
    private readonly delivery: SlipDelivery,
    private readonly presence: PrinterPresence,
    // Global (the team module): who moved an order, named in the consoles' pushes (issue 31).
    private readonly names: ActorNames,
  ) {}

  onModuleInit(): void {
    this.runner.register(liveOrdersProjection({ hub: this.hub, names: this.names }));
    this.runner.register(slipDispatchProcessor({ delivery: this.delivery, presence: this.presence }));
    this.runner.register(cancelledSlipProcessor({ delivery: this.delivery }));
  }
}

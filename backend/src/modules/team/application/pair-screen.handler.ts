import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BusinessReader } from '../../accounts/index.js';
import { ScreenPairingCodes } from './screen-pairing-codes.js';
import { decideTeam } from './team-commands.js';
import { TeamNotices } from './team-notices.js';

export class PairScreenCommand {
  constructor(
    /** Normalised by the contract: eight characters. */
    readonly code: string,
    readonly name: string,
    readonly correlationId: string,
  ) {}
}

/**
 * A tablet entered a pairing code: the code is used up, the screen joins the team (`ScreenPaired`, its own act) and the
 * owner gets an SMS. A wrong, used or expired code, or a closed business: `device.pairing_code_invalid`. Answers the
 * business and the screen's team id; the caller opens the screen's session.
 */
@CommandHandler(PairScreenCommand)
export class PairScreenHandler implements ICommandHandler<
  PairScreenCommand,
  { businessPhone: string; screenId: string }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly codes: ScreenPairingCodes,
    private readonly businesses: BusinessReader,
    private readonly notices: TeamNotices,
  ) {}

  async execute({ code, name, correlationId }: PairScreenCommand) {
    const businessPhone = await this.codes.use(code);
    const business = businessPhone ? await this.businesses.byPhone(businessPhone) : undefined;
    if (!businessPhone || !business || business.closedAt) throw new AppError('device.pairing_code_invalid');
    const screenId = randomUUID();
    await decideTeam(
      this.store,
      businessPhone,
      { type: 'PairScreen', data: { memberId: screenId, name, now: new Date().toISOString() } },
      { correlationId, actor: { kind: 'screen', id: screenId, role: 'kitchen' } },
    );
    await this.notices.screenPaired(businessPhone, name);
    return { businessPhone, screenId };
  }
}

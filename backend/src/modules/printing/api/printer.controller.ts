import { Controller, Get, HttpCode, Post, Put, Query, UseGuards } from '@nestjs/common';
import {
  type ApiSuccess,
  type PairingCodeAnswer,
  type PrinterSettingsAnswer,
  printerSettingsSchema,
  type PrinterStatusAnswer,
  success,
  type TestPrintAnswer,
  toE164,
} from '@tafrit/contracts';
import { OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import { CurrentOwner, type OwnerPrincipal } from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { BodyOf, type Parsed } from '../../../platform/http/contract.js';
import { PairingService } from '../application/pairing.service.js';
import { PrinterPresence } from '../application/printer-presence.service.js';
import { SlipDelivery } from '../application/slip-delivery.service.js';

/** The owner's side of printing (product-spec §2 Settings' local-printing card, §7 printer status). */
@Controller('api/printer')
@UseGuards(OwnerGuard)
@Permission('printer.manage')
export class PrinterController {
  constructor(
    private readonly pairing: PairingService,
    private readonly presence: PrinterPresence,
    private readonly delivery: SlipDelivery,
  ) {}

  @Post('pairing-code')
  @HttpCode(200)
  async pairingCode(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PairingCodeAnswer>> {
    return success(await this.pairing.createCode(owner.phone));
  }

  /**
   * The spec's `?businessId={phone}`: only the signed-in business's own phone (local or international form) answers;
   * any other is the same 404 as an unknown one, so the call cannot probe other businesses.
   */
  @Get('status')
  @Permission('printer.status')
  async status(
    @Query('businessId') businessId: unknown,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<PrinterStatusAnswer>> {
    if (businessId !== undefined && (typeof businessId !== 'string' || toE164(businessId) !== owner.phone)) {
      throw new AppError('not_found');
    }
    const { isOnline, lastSeen, printerName } = await this.presence.status(owner.phone);
    return success({ isOnline, lastSeen, printerName });
  }

  @Get('settings')
  async settings(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<PrinterSettingsAnswer>> {
    return success(await this.presence.settings(owner.phone));
  }

  @Put('settings')
  async saveSettings(
    @BodyOf(printerSettingsSchema) { paperWidth }: Parsed<typeof printerSettingsSchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<PrinterSettingsAnswer>> {
    return success(await this.presence.setPaperWidth(owner.phone, paperWidth));
  }

  @Post('test-print')
  @HttpCode(200)
  async testPrint(@CurrentOwner() owner: OwnerPrincipal): Promise<ApiSuccess<TestPrintAnswer>> {
    return success(await this.delivery.pushTestPrint(owner.phone));
  }
}

import { Controller, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type ApiSuccess,
  isMonthString,
  israelMonthRange,
  type PlatformInvoiceSummary,
  reportQuerySchema,
  success,
} from '@tafrit/contracts';
import type { FastifyReply } from 'fastify';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AdminGuard, OwnerGuard } from '../../../platform/auth/guards.js';
import { Permission } from '../../../platform/auth/permission.js';
import {
  type AdminPrincipal,
  CurrentAdmin,
  CurrentOwner,
  type OwnerPrincipal,
} from '../../../platform/auth/principals.js';
import { AppError } from '../../../platform/http/app-error.js';
import { keepLinkPrivate, sendPage } from '../../../platform/http/document-page.js';
import { type Parsed, QueryOf } from '../../../platform/http/contract.js';
import { phoneInPath } from '../../../platform/http/parse.js';
import { BusinessReader } from '../../accounts/index.js';
import { notFoundPage } from '../../invoicing/index.js';
import { platformInvoiceMessagesHe } from '../application/platform-invoice-commands.js';
import { PlatformInvoiceLinks } from '../application/platform-invoice-links.js';
import { GetPlatformInvoicesQuery, loadPlatformDocuments } from '../application/platform-invoice.queries.js';
import { PlatformInvoiceSweep } from '../processors/platform-invoice-sweep.js';
import { platformDocumentPage } from './platform-invoice-html.js';
import { monthParam } from './commissions.controller.js';

/** The administrator's list of a month's platform invoices (beside the commissions and payouts), and issuing now. */
@Controller('api/admin/platform-invoices')
@UseGuards(AdminGuard)
export class AdminPlatformInvoicesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly sweep: PlatformInvoiceSweep,
  ) {}

  @Get(':month')
  async list(@Param('month') month: string): Promise<ApiSuccess<PlatformInvoiceSummary[]>> {
    return success(await this.queries.execute(new GetPlatformInvoicesQuery(monthParam(month))));
  }

  /** Issues the month's due documents at once instead of at the next sweep; only for a month that has ended. */
  @Post(':month')
  @HttpCode(200)
  async issue(
    @Param('month') month: string,
    @CurrentAdmin() admin: AdminPrincipal,
  ): Promise<ApiSuccess<PlatformInvoiceSummary[]>> {
    const checked = monthParam(month);
    const now = new Date();
    if (now.getTime() < israelMonthRange(checked).end.getTime()) {
      throw new AppError('conflict', { message: platformInvoiceMessagesHe.monthNotEnded });
    }
    await this.sweep.sweep(now, checked, { kind: 'admin', id: admin.phone });
    return success(await this.queries.execute(new GetPlatformInvoicesQuery(checked)));
  }
}

/** The owner's own platform invoice of a month, for the report page (`GET /api/platform-invoices?month=`). */
@Controller('api/platform-invoices')
@UseGuards(OwnerGuard)
export class OwnerPlatformInvoicesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Permission('reports.read')
  async mine(
    @QueryOf(reportQuerySchema, { absentAsEmpty: true }) { month }: Parsed<typeof reportQuerySchema>,
    @CurrentOwner() owner: OwnerPrincipal,
  ): Promise<ApiSuccess<PlatformInvoiceSummary>> {
    const [found] = await this.queries.execute<GetPlatformInvoicesQuery, PlatformInvoiceSummary[]>(
      new GetPlatformInvoicesQuery(month, owner.phone),
    );
    return success(found ?? { businessId: owner.phone, businessName: '', month, documents: [] });
  }
}

/**
 * `GET /api/platform-invoice/{YYYY-MM}/{phone}?token=...[&credit=N]`: the printable invoice, or one of its credit
 * documents, to whoever holds the link (given only to the business's owner and the administrator). Anything else, an
 * unknown month or business included, is the invoices' same 404 page.
 */
@Controller('api/platform-invoice')
export class PlatformInvoicePageController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly links: PlatformInvoiceLinks,
    private readonly businesses: BusinessReader,
  ) {}

  @Get(':month/:phone')
  async show(
    @Param('month') month: string,
    @Param('phone') phoneParam: string,
    @Query('token') token: unknown,
    @Query('credit') creditParam: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    keepLinkPrivate(reply);
    const phone = phoneInPath(phoneParam);
    const credit =
      creditParam === undefined ? null : /^[1-9]\d{0,8}$/.test(String(creditParam)) ? Number(creditParam) : NaN;
    if (!isMonthString(month) || !phone || Number.isNaN(credit) || !this.links.verify(phone, month, token)) {
      return sendPage(reply, 404, notFoundPage());
    }
    const { invoice, credits } = await loadPlatformDocuments(this.store, phone, month);
    const document = credit === null ? invoice : credits.find((entry) => entry.creditNumber === credit);
    if (!document) return sendPage(reply, 404, notFoundPage());
    const seller = await this.businesses.sellerOf(phone);
    return sendPage(
      reply,
      200,
      platformDocumentPage(document, { dealerNumber: seller?.dealerNumber || null }, invoice ?? null),
    );
  }
}

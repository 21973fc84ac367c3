import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { ConfigModule } from './config/config.module.js';
import type { AppConfig } from './config/config.js';
import { AccountsModule } from './modules/accounts/index.js';
import { AdminModule } from './modules/admin/index.js';
import { BackupModule } from './modules/backup/index.js';
import { BookkeepingModule } from './modules/bookkeeping/index.js';
import { CommissionsModule } from './modules/commissions/index.js';
import { ContactModule } from './modules/contact/index.js';
import { DemoModule } from './modules/demo/index.js';
import { DinerModule } from './modules/diner/index.js';
import { HealthModule } from './modules/health/index.js';
import { MenuModule } from './modules/menu/index.js';
import { OnboardingModule } from './modules/onboarding/index.js';
import { InvoicingModule } from './modules/invoicing/index.js';
import { OrderingModule } from './modules/ordering/index.js';
import { PaymentsModule } from './modules/payments/index.js';
import { PrintingModule } from './modules/printing/index.js';
import { PromotionsModule } from './modules/promotions/index.js';
import { TablesModule } from './modules/tables/index.js';
import { ReportsModule } from './modules/reports/index.js';
import { TeamModule } from './modules/team/index.js';
import { TermsModule } from './modules/terms/index.js';
import { AuthModule } from './platform/auth/auth.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { EventStoreModule } from './platform/event-store/event-store.module.js';
import type { Database } from './platform/database/database.js';
import { EnvelopeExceptionFilter } from './platform/http/exception.filter.js';
import { HttpFastPath, HttpFastPathModule } from './platform/http/fast-path.js';
import { SpaFallback } from './platform/http/spa-fallback.js';
import { Metrics } from './platform/metrics/metrics.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { RealtimeModule } from './platform/realtime/realtime.module.js';
import { SmsModule } from './platform/sms/sms.module.js';
import { StorageModule } from './platform/storage/storage.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, database: Database, fastPath: HttpFastPath, metrics: Metrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(database),
        HttpFastPathModule.forRoot(fastPath),
        MetricsModule.forRoot(metrics),
        CqrsModule.forRoot(),
        EventStoreModule,
        AuthModule,
        SmsModule,
        StorageModule,
        HealthModule,
        AccountsModule,
        TeamModule,
        AdminModule,
        MenuModule,
        PromotionsModule,
        TablesModule,
        PaymentsModule,
        OrderingModule,
        InvoicingModule,
        ReportsModule,
        CommissionsModule,
        BookkeepingModule,
        PrintingModule,
        DinerModule,
        TermsModule,
        ContactModule,
        OnboardingModule,
        RealtimeModule,
        BackupModule,
        // Last: its start-up step runs after every module registered its projections and processors.
        DemoModule,
      ],
      providers: [SpaFallback, { provide: APP_FILTER, useClass: EnvelopeExceptionFilter }],
    };
  }
}

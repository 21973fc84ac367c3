import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { BusinessReader, RegisterBusinessCommand } from '../accounts/index.js';
import { CreateCategoryCommand, CreateProductCommand, MenuReader } from '../menu/index.js';
import { DEMO_DEPARTMENT_ID, demoMenu, demoOwner } from './demo-cafe.js';

/**
 * Creates the demo café through the same commands a real owner's requests use, so the demo exercises the real code
 * paths (events, projections, menu notices). Runs when `SEED_DEMO` is on and no business exists yet; a start that was
 * interrupted half-way finishes the menu on the next start instead of duplicating it.
 */
@Injectable()
export class DemoSeedService implements OnModuleInit {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
    private readonly commands: CommandBus,
    private readonly businesses: BusinessReader,
    private readonly menus: MenuReader,
  ) {}

  onModuleInit(): void {
    if (this.config.seedDemo) this.database.onFirstReady('demo café', () => this.seed());
  }

  async seed(): Promise<void> {
    const context = { actor: { kind: 'system' as const, id: 'demo-seed' }, correlationId: randomUUID() };
    const demo = await this.businesses.byDepartment(DEMO_DEPARTMENT_ID);
    if (!demo) {
      if (await this.businesses.any()) return;
      await this.commands.execute(
        new RegisterBusinessCommand(demoOwner, { ...context, departmentId: DEMO_DEPARTMENT_ID }),
      );
    }
    const businessId = demoOwner.phone;
    let created = 0;
    const sections = await this.menus.sections(businessId);
    for (const section of demoMenu) {
      const existing = sections.find(({ name }) => name === section.category);
      const categoryId =
        existing?.id ??
        (await this.commands.execute(new CreateCategoryCommand(businessId, section.category, context))).id;
      const present = new Set(existing?.productNames ?? []);
      for (const product of section.products.filter(({ name }) => !present.has(name))) {
        await this.commands.execute(
          new CreateProductCommand(businessId, { categoryId, ...product, image: null }, context),
        );
        created++;
      }
    }
    if (created > 0) this.logger.log(`demo café ready: /menu/${DEMO_DEPARTMENT_ID} (${created} products added)`);
  }
}

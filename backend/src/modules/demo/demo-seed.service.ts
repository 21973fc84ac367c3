import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import { RegisterBusinessCommand } from '../accounts/application/register-business.command.js';
import { BusinessEntity } from '../accounts/projections/business.entity.js';
import { CreateCategoryCommand } from '../menu/application/create-category.handler.js';
import { CreateProductCommand } from '../menu/application/create-product.handler.js';
import { CategoryEntity } from '../menu/persistence/category.entity.js';
import { ProductEntity } from '../menu/persistence/product.entity.js';
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
  ) {}

  onModuleInit(): void {
    if (this.config.seedDemo) this.database.onFirstReady('demo café', () => this.seed());
  }

  async seed(): Promise<void> {
    const context = { actor: { kind: 'system' as const, id: 'demo-seed' }, correlationId: randomUUID() };
    const em = this.database.em();
    const demo = await em.findOne(BusinessEntity, { departmentId: DEMO_DEPARTMENT_ID });
    if (!demo) {
      if ((await em.count(BusinessEntity)) > 0) return;
      await this.commands.execute(
        new RegisterBusinessCommand(demoOwner, { ...context, departmentId: DEMO_DEPARTMENT_ID }),
      );
    }
    const businessId = demoOwner.phone;
    let created = 0;
    for (const section of demoMenu) {
      const existing = await this.database.em().findOne(CategoryEntity, { businessId, name: section.category });
      const categoryId =
        existing?.id ??
        (await this.commands.execute(new CreateCategoryCommand(businessId, section.category, context))).id;
      const present = new Set(
        (await this.database.em().find(ProductEntity, { businessId, categoryId })).map((product) => product.name),
      );
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

import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.js';
import { DATABASE } from '../../platform/database/database.module.js';
import type { Database } from '../../platform/database/database.js';
import {
  BusinessReader,
  ChangeBusinessAddressCommand,
  ChooseMenuAddressCommand,
  ChooseOrderAheadCommand,
  RegisterBusinessCommand,
} from '../accounts/index.js';
import {
  AttachOptionGroupCommand,
  CreateCategoryCommand,
  CreateOptionGroupCommand,
  CreateProductCommand,
  MenuReader,
  OptionGroupsReader,
  type OptionsContext,
  ProductImages,
} from '../menu/index.js';
import { ORDER_AHEAD_OFF } from '@tafrit/contracts';
import { CreatePromoCodeCommand, PromoCodeReader } from '../promotions/index.js';
import { BusinessTablesReader, ChooseTablesCommand } from '../tables/index.js';
import {
  DEMO_DEPARTMENT_ID,
  DEMO_MENU_ADDRESS,
  DEMO_PROMO_CODE,
  DEMO_TABLES,
  demoMenu,
  demoOptionGroups,
  demoOrderAhead,
  demoOwner,
} from './demo-cafe.js';
import { renderDemoPhoto } from './photos/render-photo.js';

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
    private readonly optionGroups: OptionGroupsReader,
    private readonly images: ProductImages,
    private readonly promoCodes: PromoCodeReader,
    private readonly tables: BusinessTablesReader,
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
    } else if (demoOwner.address && !(await this.businesses.sellerOf(demo.phone))?.street) {
      // A demo café seeded before addresses were asked (issue 17) gets one, as its owner would give it in settings.
      await this.commands.execute(new ChangeBusinessAddressCommand(demo.phone, demoOwner.address, context));
    }
    // Its readable address (issue 33), as its owner would choose it in settings; once, never over another choice.
    if (!demo?.menuAddress) {
      await this.commands.execute(new ChooseMenuAddressCommand(demoOwner.phone, DEMO_MENU_ADDRESS, null, context));
    }
    const businessId = demoOwner.phone;
    // The demo café takes pickup orders ahead (issue 33), so a newcomer sees the slots; an owner's own choice stays.
    const ahead = await this.businesses.orderAheadOf(businessId);
    if (ahead && JSON.stringify(ahead) === JSON.stringify(ORDER_AHEAD_OFF)) {
      await this.commands.execute(new ChooseOrderAheadCommand(businessId, demoOrderAhead, context));
    }
    let created = 0;
    const sections = await this.menus.sections(businessId);
    const missing = demoMenu.map((section) => {
      const existing = sections.find(({ name }) => name === section.category);
      const present = new Set(existing?.productNames ?? []);
      return { section, existing, products: section.products.filter(({ name }) => !present.has(name)) };
    });
    // Every photo at once (sharp works on its own threads): drawing and encoding them is most of a first start's seed.
    const photos = new Map(
      await Promise.all(
        missing
          .flatMap(({ products }) => products)
          .map(async ({ name }) => [name, await this.storePhoto(name)] as const),
      ),
    );
    for (const { section, existing, products } of missing) {
      const categoryId =
        existing?.id ??
        (await this.commands.execute(new CreateCategoryCommand(businessId, section.category, context))).id;
      for (const product of products) {
        const image = photos.get(product.name) ?? null;
        try {
          await this.commands.execute(new CreateProductCommand(businessId, { categoryId, ...product, image }, context));
        } catch (error) {
          // This product's photo and the ones not used yet: a file no row names is never served.
          await this.images.remove([...photos.values()]);
          throw error;
        }
        photos.delete(product.name);
        created++;
      }
    }
    const options = await this.seedOptionGroups(businessId, context);
    // The demo's promo code (issue 33): 10% off any order, made as an owner makes one; kept once made.
    if (!(await this.promoCodes.byCode(businessId, DEMO_PROMO_CODE.code))) {
      await this.commands.execute(
        new CreatePromoCodeCommand(businessId, DEMO_PROMO_CODE.code, DEMO_PROMO_CODE.rules, context),
      );
    }
    // Shared tables 1 to 10 (issue 34), chosen as an owner chooses them in settings; once, never over another choice.
    const tables = await this.tables.of(businessId);
    if (!tables.chosen) {
      await this.commands.execute(new ChooseTablesCommand(businessId, DEMO_TABLES, context));
    }
    if (created > 0 || options > 0) {
      this.logger.log(
        `demo café ready: /menu/${DEMO_DEPARTMENT_ID} (${created} products added, ${options} option-group changes)`,
      );
    }
  }

  /** The product's drawn photo stored as an upload would be (see photos/); answers its stem. */
  private async storePhoto(name: string): Promise<string | null> {
    const png = await renderDemoPhoto(name);
    return png ? this.images.store(png) : null;
  }

  /** The groups that are missing (by name), then each group on each of its products that does not show it yet. */
  private async seedOptionGroups(businessId: string, context: OptionsContext): Promise<number> {
    let changed = 0;
    const { groups } = await this.optionGroups.ofBusiness(businessId);
    const idByName = new Map(groups.map(({ group }) => [group.name, group.id]));
    for (const group of demoOptionGroups.filter(({ name }) => !idByName.has(name))) {
      const { name, minChoices, maxChoices, without, options } = group;
      const { id } = await this.commands.execute<CreateOptionGroupCommand, { id: string }>(
        new CreateOptionGroupCommand(
          businessId,
          {
            name,
            minChoices,
            maxChoices,
            without,
            options: options.map((option) => ({ isDefault: false, ...option, available: true })),
          },
          context,
        ),
      );
      idByName.set(group.name, id);
      changed++;
    }
    const { productGroups } = await this.optionGroups.ofBusiness(businessId);
    const products = (await this.menus.sections(businessId)).flatMap((section) => section.products);
    for (const group of demoOptionGroups) {
      const groupId = idByName.get(group.name);
      for (const product of products.filter(({ name }) => group.products.includes(name))) {
        if (!groupId || productGroups.get(product.id)?.includes(groupId)) continue;
        await this.commands.execute(new AttachOptionGroupCommand(businessId, groupId, product.id, context));
        changed++;
      }
    }
    return changed;
  }
}

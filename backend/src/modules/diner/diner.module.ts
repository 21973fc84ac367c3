import { Module, type OnModuleInit } from '@nestjs/common';
import { InlineProjectionRegistry } from '../../platform/event-store/inline-projection.js';
import { PAGE_RENDERER } from '../../platform/http/page-renderer.port.js';
import { MenuModule } from '../menu/index.js';
import { OrderingModule } from '../ordering/index.js';
import { DinerPages } from './diner-page.service.js';
import { MenuAddressLinks, menuAddressLinksProjection } from './menu-address-links.js';

/**
 * The diner's page in one response: diner.html with the public menu inlined (data and HTML). It is the app's
 * `PAGE_RENDERER`: the SPA fallback (platform/http/spa-fallback.ts) asks it first for every page. A readable menu
 * address (issue 33) is led to its business's menu by `MenuAddressLinks`.
 */
@Module({
  imports: [MenuModule, OrderingModule],
  providers: [DinerPages, MenuAddressLinks, { provide: PAGE_RENDERER, useExisting: DinerPages }],
  exports: [DinerPages, PAGE_RENDERER],
})
export class DinerModule implements OnModuleInit {
  constructor(
    private readonly projections: InlineProjectionRegistry,
    private readonly links: MenuAddressLinks,
  ) {}

  onModuleInit(): void {
    this.projections.register(menuAddressLinksProjection(this.links));
  }
}

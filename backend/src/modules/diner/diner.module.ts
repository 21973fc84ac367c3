import { Module } from '@nestjs/common';
import { PAGE_RENDERER } from '../../platform/http/page-renderer.port.js';
import { MenuModule } from '../menu/index.js';
import { OrderingModule } from '../ordering/index.js';
import { DinerPages } from './diner-page.service.js';

/**
 * The diner's page in one response: diner.html with the public menu inlined (data and HTML). It is the app's
 * `PAGE_RENDERER`: the SPA fallback (platform/http/spa-fallback.ts) asks it first for every page.
 */
@Module({
  imports: [MenuModule, OrderingModule],
  providers: [DinerPages, { provide: PAGE_RENDERER, useExisting: DinerPages }],
  exports: [DinerPages, PAGE_RENDERER],
})
export class DinerModule {}

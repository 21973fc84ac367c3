import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/menu.module.js';
import { DinerPages } from './diner-page.service.js';

/**
 * The diner's page in one response: diner.html with the public menu inlined (data and HTML). The SPA fallback
 * (platform/http/spa-fallback.ts) sends it for the diner's paths.
 */
@Module({ imports: [MenuModule], providers: [DinerPages], exports: [DinerPages] })
export class DinerModule {}

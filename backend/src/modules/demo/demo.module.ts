import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/index.js';
import { PromotionsModule } from '../promotions/index.js';
import { TablesModule } from '../tables/index.js';
import { DemoSeedService } from './demo-seed.service.js';

@Module({ imports: [MenuModule, PromotionsModule, TablesModule], providers: [DemoSeedService] })
export class DemoModule {}

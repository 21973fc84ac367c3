import { Module } from '@nestjs/common';
import { MenuModule } from '../menu/index.js';
import { DemoSeedService } from './demo-seed.service.js';

@Module({ imports: [MenuModule], providers: [DemoSeedService] })
export class DemoModule {}

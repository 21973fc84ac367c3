import { Module } from '@nestjs/common';
import { DemoSeedService } from './demo-seed.service.js';

@Module({ providers: [DemoSeedService] })
export class DemoModule {}

import { Module } from '@nestjs/common';
import { TermsController } from './api/terms.controller.js';

@Module({ controllers: [TermsController] })
export class TermsModule {}

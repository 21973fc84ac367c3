import { Module } from '@nestjs/common';
import { TermsController } from './api/terms.controller.js';
import { GetTermsHandler } from './application/get-terms.query.js';

@Module({ controllers: [TermsController], providers: [GetTermsHandler] })
export class TermsModule {}

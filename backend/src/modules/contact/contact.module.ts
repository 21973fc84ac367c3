import { Module } from '@nestjs/common';
import { ContactController } from './api/contact.controller.js';
import { SubmitContactHandler } from './application/submit-contact.handler.js';

/** Messages from the landing page's contact form: validated, rate-limited per address, stored; bots dropped quietly. */
@Module({ controllers: [ContactController], providers: [SubmitContactHandler] })
export class ContactModule {}

import { Module } from '@nestjs/common';
import { ContactController } from './api/contact.controller.js';
import { GetContactMessagesHandler } from './application/get-contact-messages.query.js';
import { SubmitContactHandler } from './application/submit-contact.handler.js';

/**
 * Messages from the landing page's contact form: validated, rate-limited per address, stored; bots dropped quietly.
 * The administrator reads them with `GetContactMessagesQuery`.
 */
@Module({ controllers: [ContactController], providers: [SubmitContactHandler, GetContactMessagesHandler] })
export class ContactModule {}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ContactFormInput } from '@tafrit/contracts';
import { DATABASE } from '../../../platform/database/database.module.js';
import type { Database } from '../../../platform/database/database.js';
import { ContactSubmissionEntity } from '../persistence/contact-submission.entity.js';

export class SubmitContactCommand {
  constructor(
    /** Validated and trimmed by the contract's `contactFormSchema`. */
    readonly input: ContactFormInput,
    /** The sender's address as Fastify sees it (behind a proxy: the forwarded one), kept to trace abuse. */
    readonly ipAddress: string | null,
  ) {}
}

/** Keeps a message from the landing page's contact form; the admin's list of messages reads the same table. */
@CommandHandler(SubmitContactCommand)
export class SubmitContactHandler implements ICommandHandler<SubmitContactCommand, { id: number }> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ input, ipAddress }: SubmitContactCommand): Promise<{ id: number }> {
    const em = this.database.em();
    const submission = em.create(ContactSubmissionEntity, {
      name: input.name,
      email: input.email,
      message: input.message,
      ipAddress: ipAddress ? ipAddress.slice(0, 64) : null,
    });
    await em.flush();
    return { id: submission.id };
  }
}

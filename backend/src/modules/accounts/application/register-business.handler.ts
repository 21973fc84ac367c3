import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { violatedUniqueConstraint } from '../../../platform/database/database-errors.js';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { AppError } from '../../../platform/http/app-error.js';
import { businessDecider } from '../domain/business.decider.js';
import { businessStreamId } from '../domain/business.events.js';
import { RegisterBusinessCommand, type RegisterBusinessResult } from './register-business.command.js';

/** 12 random bytes: 16 URL-safe characters that cannot be guessed or enumerated from a menu link. */
export const newDepartmentId = (): string => randomBytes(12).toString('base64url');

@CommandHandler(RegisterBusinessCommand)
export class RegisterBusinessHandler implements ICommandHandler<RegisterBusinessCommand, RegisterBusinessResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context }: RegisterBusinessCommand): Promise<RegisterBusinessResult> {
    const departmentId = context.departmentId ?? newDepartmentId();
    const now = new Date().toISOString();
    try {
      // A taken phone is a stream that exists (the decider refuses); a taken e-mail is the read model's unique
      // constraint, checked inside the append's transaction, so two racing registrations cannot both succeed.
      await handleCommand({
        store: this.store,
        streamId: businessStreamId(input.phone),
        decider: businessDecider,
        command: { type: 'RegisterBusiness', data: { ...input, departmentId, now } },
        metadata: { correlationId: context.correlationId, actor: context.actor, occurredAt: now },
      });
    } catch (error) {
      if (violatedUniqueConstraint(error) === 'businesses_email_unique') {
        throw new AppError('business.email_taken', { fields: { email: 'כתובת האימייל הזו כבר רשומה במערכת' } });
      }
      throw error;
    }
    return { phone: input.phone, departmentId };
  }
}

import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TERMS_EVENT_SCHEMA_VERSIONS, TERMS_STREAM_ID } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { DEFAULT_TERMS_AUTHOR, DEFAULT_TERMS_HE } from '../domain/default-terms.js';
import { termsDecider } from '../domain/terms.decider.js';

export class PublishDefaultTermsCommand {
  constructor(readonly content: string = DEFAULT_TERMS_HE) {}
}

/**
 * Records the default terms as the `terms` stream's first `TermsChanged` when the stream is empty (every start runs it;
 * only the first writes). Two instances starting together append with the same expected version: one wins, the
 * other's retry finds the version and records nothing.
 */
@CommandHandler(PublishDefaultTermsCommand)
export class PublishDefaultTermsHandler implements ICommandHandler<PublishDefaultTermsCommand, boolean> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ content }: PublishDefaultTermsCommand): Promise<boolean> {
    const now = new Date().toISOString();
    const result = await handleCommand({
      store: this.store,
      streamId: TERMS_STREAM_ID,
      decider: termsDecider,
      command: { type: 'PublishDefaultTerms', data: { content, author: DEFAULT_TERMS_AUTHOR, now } },
      metadata: {
        correlationId: randomUUID(),
        actor: { kind: 'system', id: 'default-terms' },
        occurredAt: now,
      },
      schemaVersions: TERMS_EVENT_SCHEMA_VERSIONS,
    });
    return result.events.length > 0;
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TERMS_EVENT_SCHEMA_VERSIONS, TERMS_STREAM_ID } from '@tafrit/contracts';
import { handleCommand } from '../../../platform/event-store/aggregate.js';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';
import { termsDecider } from '../domain/terms.decider.js';

export class ChangeTermsCommand {
  constructor(
    /** Validated by the contract's `termsInputSchema`: not blank, at most 100,000 characters. */
    readonly content: string,
    readonly adminPhone: string,
    readonly ip: string | null,
    readonly correlationId: string,
  ) {}
}

export interface ChangedTerms {
  content: string;
  /** The `terms` stream's version: the number of the version now current. */
  version: number;
}

/** Records `TermsChanged` on the `terms` stream; its inline projection makes it the public text in the same commit. */
@CommandHandler(ChangeTermsCommand)
export class ChangeTermsHandler implements ICommandHandler<ChangeTermsCommand, ChangedTerms> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ content, adminPhone, ip, correlationId }: ChangeTermsCommand): Promise<ChangedTerms> {
    const now = new Date().toISOString();
    const result = await handleCommand({
      store: this.store,
      streamId: TERMS_STREAM_ID,
      decider: termsDecider,
      command: { type: 'ChangeTerms', data: { content, adminPhone, ip, now } },
      metadata: { correlationId, actor: { kind: 'admin', id: adminPhone }, occurredAt: now },
      schemaVersions: TERMS_EVENT_SCHEMA_VERSIONS,
    });
    return { content: result.state.content ?? content, version: result.version };
  }
}

import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type TermsChangedData, TERMS_STREAM_ID, type TermsVersion } from '@tafrit/contracts';
import { EVENT_STORE, type EventStore } from '../../../platform/event-store/event-store.port.js';

export class GetTermsHistoryQuery {}

/** Every saved version of the terms, newest first, read straight from the `terms` stream (nothing else keeps it). */
@QueryHandler(GetTermsHistoryQuery)
export class GetTermsHistoryHandler implements IQueryHandler<GetTermsHistoryQuery, TermsVersion[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(): Promise<TermsVersion[]> {
    const { events } = await this.store.readStream(TERMS_STREAM_ID);
    return events
      .filter((event) => event.type === 'TermsChanged')
      .map((event) => {
        const data = event.data as TermsChangedData;
        return {
          version: event.streamVersion,
          content: data.content,
          changedAt: data.at,
          changedBy: data.adminPhone ?? event.metadata.actor.id ?? null,
        };
      })
      .reverse();
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { InlineProjection } from '../../../platform/event-store/inline-projection.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { BusinessEvent } from '../domain/business.events.js';
import { BUSINESS_EVENT_TYPES } from '../domain/business.events.js';
import { BusinessEntity } from './business.entity.js';

/**
 * The `businesses` read model, written in the append's own transaction so the answer to a registration (and the
 * unique e-mail check) sees it at once. Idempotent: a replay of an event the row already has changes nothing.
 */
export const businessesProjection: InlineProjection = {
  name: 'businesses',
  handles: BUSINESS_EVENT_TYPES,
  async apply(em: EntityManager, recorded: RecordedEvent) {
    const event = recorded as RecordedEvent & BusinessEvent;
    switch (event.type) {
      case 'BusinessRegistered': {
        const { data } = event;
        await em
          .createQueryBuilder(BusinessEntity)
          .insert({
            phone: data.phone,
            fullName: data.fullName,
            businessName: data.businessName,
            email: data.email,
            idNumber: data.idNumber,
            bankName: data.bankName,
            branch: data.branch,
            accountNumber: data.accountNumber,
            beneficiaryName: data.beneficiaryName,
            receiptPhone: data.receiptPhone,
            departmentId: data.departmentId,
            isActive: true,
            cardcomEnabled: data.cardcom.enabled,
            cardcomTerminalNumber: data.cardcom.terminalNumber,
            cardcomApiName: data.cardcom.apiName,
            streamVersion: event.streamVersion,
            createdAt: new Date(data.registeredAt),
          })
          .onConflict('phone')
          .ignore()
          .execute();
        return;
      }
    }
  },
};

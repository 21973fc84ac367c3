// The contact form's limits and its hidden field: apart from its schema (contact.schemas.ts) so the landing page can
// draw the form without building the schema, which loads when the person first touches the form (issue 15).
import { validationMessagesHe as m } from '../messages.he.js';

export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 2000,
} as const;

/**
 * The hidden field people never see and bots fill in. A request that carries a value in it is answered like any
 * other and stored nowhere: telling a bot it was caught only teaches it to skip the field.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

export const contactMessagesHe = {
  nameRequired: m.contactNameRequired,
  nameTooShort: `השם צריך להכיל לפחות ${CONTACT_LIMITS.nameMin} תווים`,
  nameTooLong: `השם יכול להכיל עד ${CONTACT_LIMITS.nameMax} תווים`,
  invalidEmail: m.invalidEmail,
  messageRequired: m.contactMessageRequired,
  messageTooShort: `ההודעה צריכה להכיל לפחות ${CONTACT_LIMITS.messageMin} תווים`,
  messageTooLong: 'ההודעה יכולה להכיל עד 2,000 תווים',
  /** The server's answer to every accepted message (and, silently, to a bot's). */
  received: 'ההודעה התקבלה, נחזור אליכם בהקדם',
} as const;

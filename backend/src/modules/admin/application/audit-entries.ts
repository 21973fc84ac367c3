import { type AdminAuditEntry, formatShekels, isolatedText } from '@tafrit/contracts';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';

/**
 * The events of administrators' actions, whoever's stream they are on, and the owner's acts worth the same trail (a
 * new public address). Each carries `ip` and `at` in its data (an admin's also `adminPhone`), and the business
 * `phone` or the payout `month` it was about.
 */
export const AUDITED_EVENT_TYPES = [
  'BusinessImpersonated',
  'BusinessPaused',
  'BusinessActivated',
  'BusinessClosed',
  'BusinessReopened',
  // The owner's own act, but the one a hijacked account or a dispute turns on: every printed code stopped working.
  'DepartmentIdRegenerated',
  'TermsChanged',
  'PayoutBatchCreated',
  'PayoutBatchTransferred',
  // Refunds (decision 025): the money and the commission they take back, each with its events.
  'RefundRequested',
  'OrderRefunded',
  'RefundFailed',
  // A refund whose credit tax document was not made is a tax record missing until someone acts (decision 026).
  'CreditFailed',
  'CreditRetryRequested',
  'PlatformInvoiceIssued',
  'PlatformCreditIssued',
] as const;

interface AuditedData {
  adminPhone?: unknown;
  ip?: unknown;
  at?: unknown;
  phone?: unknown;
  businessPhone?: unknown;
  month?: unknown;
  amountAgorot?: unknown;
  totalAgorot?: unknown;
  orderId?: unknown;
  invoiceNumber?: unknown;
  creditNumber?: unknown;
}

/** '₪12.50' of an event's agorot, or '' when absent. */
function shekels(value: unknown): string {
  return typeof value === 'number' && Number.isSafeInteger(value) ? formatShekels(value) : '';
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What an action was done to: a business phone, a month, 'terms', else the stream's own id. */
function subjectOf(event: RecordedEvent, data: AuditedData): string {
  if (event.type === 'TermsChanged') return 'terms';
  return text(data.phone) ?? text(data.businessPhone) ?? text(data.month) ?? event.streamId;
}

/**
 * The Hebrew line of the audit view; `name` is the business's name when the subject is a business. Every value in it
 * (an amount, an order, a name, a month, a document number) stands between FSI and PDI, so the page can isolate it
 * (`<bdi>`) and a price or a Latin name never reorders the Hebrew around it.
 */
function summaryOf(type: string, rawSubject: string, rawName: string, data: AuditedData): string {
  const order = isolatedText(text(data.orderId)?.slice(0, 8) ?? '');
  const subject = isolatedText(rawSubject);
  const name = rawName ? isolatedText(rawName) : '';
  const amount = (value: unknown) => isolatedText(shekels(value));
  const month = isolatedText(text(data.month) ?? '');
  switch (type) {
    case 'RefundRequested':
      return `בקשת החזר של ${amount(data.amountAgorot)} על הזמנה ${order} של ${name}`;
    case 'OrderRefunded':
      return `החזר של ${amount(data.amountAgorot)} בוצע על הזמנה ${order} של ${name}`;
    case 'RefundFailed':
      return `החזר על הזמנה ${order} של ${name} נכשל`;
    case 'CreditFailed':
      return `חשבונית זיכוי להזמנה ${order} של ${name} לא הופקה`;
    case 'CreditRetryRequested':
      return `בקשה חוזרת לחשבונית זיכוי להזמנה ${order} של ${name}`;
    case 'PlatformInvoiceIssued':
      return `חשבונית עמלה ${isolatedText(String(data.invoiceNumber))} ל-${name} לחודש ${month}: ${amount(data.totalAgorot)}`;
    case 'PlatformCreditIssued':
      return `זיכוי עמלה ${isolatedText(String(data.creditNumber))} ל-${name} לחודש ${month}: ${amount(data.totalAgorot)}`;
    case 'BusinessPaused':
      return `השהיית העסק ${name}`;
    case 'BusinessActivated':
      return `הפעלת העסק ${name}`;
    case 'BusinessClosed':
      return `סגירת החשבון ${name}`;
    case 'BusinessReopened':
      return `פתיחה מחדש של החשבון ${name}`;
    case 'BusinessImpersonated':
      return `כניסה כעסק ${name}`;
    case 'TermsChanged':
      return 'עדכון תנאי השימוש';
    case 'PayoutBatchCreated':
      return `יצירת רשימת העברות לחודש ${subject}`;
    case 'PayoutBatchTransferred':
      return `סימון העברות חודש ${subject} כבוצעו`;
    // What an administrator changed while inside a business (impersonation): the event names the admin as actor.
    case 'BusinessProfileChanged':
      return `עדכון פרטי העסק ${name}`;
    case 'PayoutAccountChanged':
      return `עדכון פרטי חשבון הבנק של ${name}`;
    case 'LogoChanged':
      return `החלפת הלוגו של ${name}`;
    case 'DepartmentIdRegenerated':
      return `החלפת כתובת התפריט וקוד ה־QR של ${name}`;
    case 'DinerLanguagesChosen':
      return `עדכון שפות התפריט של ${name}`;
    case 'ServiceModeChosen':
      return `עדכון אופן ההגשה של ${name}`;
    case 'AutoAcceptChosen':
      return `עדכון אישור ההזמנות האוטומטי של ${name}`;
    case 'BusinessAddressChanged':
      return `עדכון כתובת העסק ${name}`;
    case 'CardcomApiPasswordChanged':
      return `עדכון סיסמת מסוף הסליקה של ${name}`;
    case 'PaymentOptionsChosen':
      return `עדכון אמצעי התשלום והטיפ של ${name}`;
    // An administrator's act with no sentence of its own yet: still Hebrew, since the event's name means nothing to the
    // person reading the trail (the type travels beside the summary for whoever needs it).
    default:
      return name ? `פעולה של מנהל המערכת בחשבון ${name}` : 'פעולה של מנהל המערכת';
  }
}

/**
 * One audit line from its event. The admin is the event's own `adminPhone`, else the actor of its metadata when an
 * admin; the time is when the action happened (`at`), else when it was recorded.
 */
export function toAuditEntry(event: RecordedEvent, businessNames: ReadonlyMap<string, string>): AdminAuditEntry {
  const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as AuditedData;
  const actor = event.metadata?.actor;
  const subject = subjectOf(event, data);
  return {
    eventPosition: event.globalPosition,
    type: event.type,
    at: text(data.at) ?? event.metadata?.occurredAt ?? event.recordedAt,
    admin: text(data.adminPhone) ?? (actor?.kind === 'admin' ? (actor.id ?? null) : null),
    ip: text(data.ip) ?? null,
    subject,
    summary: summaryOf(event.type, subject, businessNames.get(subject) ?? subject, data),
  };
}

/** The business phones among the subjects of these events, to look their names up in one query. */
export function businessPhonesOf(events: readonly RecordedEvent[]): string[] {
  const phones = new Set<string>();
  for (const event of events) {
    const data = (event.data ?? {}) as AuditedData;
    const phone = text(data.phone) ?? text(data.businessPhone);
    if (phone) phones.add(phone);
  }
  return [...phones];
}

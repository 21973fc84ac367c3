// How the admin screens show amounts, months, times and phones. Amounts arrive as decimal strings ("123.45") and
// become agorot (integers) before formatting, so nothing shows a float's rounding.
import { formatShekels } from '@tafrit/contracts/money';
import { formatIsraelDateTime } from '@tafrit/contracts/months';
import { formatIsraeliMobile } from '@tafrit/contracts/israel/phone';
import { uiMessagesHe } from '@tafrit/contracts/messages.he';

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** '123.45' -> 12345, '7' -> 700; null for anything else. */
export function decimalToAgorot(text: string): number | null {
  const match = DECIMAL.exec(String(text).trim());
  if (!match) return null;
  const agorot = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -agorot : agorot;
}

/** '123.45' -> '₪123.45'; an amount the client cannot read is shown as the server wrote it. */
export function shekelsText(amount: string): string {
  const agorot = decimalToAgorot(amount);
  return agorot === null ? String(amount) : formatShekels(agorot);
}

/** 'dd/MM/yyyy HH:mm' in Israel time, or 'תאריך לא זמין'. */
export function dateTimeText(value: string | null | undefined): string {
  if (!value) return uiMessagesHe.dateNotAvailable;
  try {
    return formatIsraelDateTime(value);
  } catch {
    return uiMessagesHe.dateNotAvailable;
  }
}

/** 'dd/MM/yyyy' of a 'YYYY-MM-DD' date. */
export function dateText(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : uiMessagesHe.dateNotAvailable;
}

/** '+972523456789' -> '052-3456789'; anything else as it is. */
export function phoneText(phone: string | null | undefined): string {
  if (!phone) return '';
  return formatIsraeliMobile(phone) ?? phone;
}

/** The national digits of a phone ('+972523456789', '052-3456789' -> '523456789'), for searching. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.startsWith('972')) return digits.slice(3);
  return digits.replace(/^0+/, '');
}

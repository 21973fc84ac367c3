// The words of a shared table's split bill (issue 34, part 2) in the diner's four languages: the split choice, who
// paid and what is left, the checkout's part and the thank-you page's table. Never in the menu's first bundle: the
// table's chunk and the steps after the menu load them. Amounts are never inside these strings: the screens put them
// in <bdi> beside the words.
import type { DinerLanguage } from '@tafrit/contracts/languages';
import type { SplitRefusal } from '@tafrit/contracts/split';
import { useLanguage } from './language';

const he = {
  howToPay: 'איך משלמים?',
  modeAll: 'כל מה שנשאר',
  modeMine: 'רק הפריטים שלי',
  modeEqual: 'חלקים שווים',
  modeAmount: 'סכום לבחירתי',
  shares: 'מספר החלקים',
  fewerShares: 'פחות חלקים',
  moreShares: 'יותר חלקים',
  amount: 'הסכום בשקלים',
  comesTo: 'החלק שלי:',
  payPart: 'לתשלום החלק שלי',
  partHint: 'הטיפ, אם תבחרו, מתווסף לחלק שלכם בלבד.',
  refusal: {
    nothing_left: 'אין מה לשלם: שאר החשבון כבר שולם או בתשלום אצל מישהו אחר בשולחן.',
    nothing_mine: 'לא הוספתם פריטים משלכם. בחרו חלק שווה, סכום, או את כל מה שנשאר.',
    above_left: 'הסכום גבוה ממה שנשאר לתשלום.',
    part_too_small: 'החלק קטן מ־1 ₪. בחרו פחות חלקים או סכום גדול יותר.',
    invalid: 'אופן החלוקה אינו תקין: מספר חלקים בין 2 ל־50, או סכום חיובי.',
  } satisfies Record<SplitRefusal, string>,
  refusedTitle: 'אי אפשר לשלם את החלק הזה',
  chooseAgain: 'חזרה לבחירת החלק',
  paymentsTitle: 'מי שילם',
  paid: 'שילם',
  paying: 'באמצע תשלום',
  failed: 'התשלום לא עבר',
  someone: 'מישהו בשולחן',
  left: 'נשאר לתשלום:',
  tablePaying: 'השולחן באמצע תשלום: אי אפשר להוסיף פריטים. כל אחד יכול לשלם חלק ממה שנשאר.',
  yourPart: 'החלק שלך בחשבון השולחן:',
  partPaid: 'החלק שלך שולם:',
  tableLeft: 'בשולחן נשאר לשלם עוד',
  tableWaits: 'ההזמנה תישלח למטבח כשכל החשבון ישולם.',
  tablePaid: 'כל החשבון של השולחן שולם. ההזמנה במטבח.',
  billTotal: 'חשבון השולחן:',
};

export type SplitWords = typeof he;

const en: SplitWords = {
  howToPay: 'How do you pay?',
  modeAll: 'All that is left',
  modeMine: 'Only my items',
  modeEqual: 'Equal parts',
  modeAmount: 'An amount I choose',
  shares: 'Number of parts',
  fewerShares: 'Fewer parts',
  moreShares: 'More parts',
  amount: 'Amount in shekels',
  comesTo: 'My part:',
  payPart: 'Pay my part',
  partHint: 'A tip, if you choose one, is added to your own part only.',
  refusal: {
    nothing_left: 'Nothing to pay: the rest of the bill is paid or being paid by someone else at the table.',
    nothing_mine: 'You have not added items of your own. Choose equal parts, an amount, or all that is left.',
    above_left: 'The amount is more than what is left to pay.',
    part_too_small: 'The part is less than ₪1. Choose fewer parts or a larger amount.',
    invalid: 'This split is not valid: 2 to 50 parts, or a positive amount.',
  },
  refusedTitle: 'This part cannot be paid',
  chooseAgain: 'Back to choosing my part',
  paymentsTitle: 'Who paid',
  paid: 'paid',
  paying: 'paying',
  failed: 'payment failed',
  someone: 'Someone at the table',
  left: 'Left to pay:',
  tablePaying: 'The table is paying: no items can be added. Anyone can pay a part of what is left.',
  yourPart: "Your part of the table's bill:",
  partPaid: 'Your part is paid:',
  tableLeft: 'The table still has left to pay',
  tableWaits: 'The order goes to the kitchen once the whole bill is paid.',
  tablePaid: "The table's whole bill is paid. The order is in the kitchen.",
  billTotal: "The table's bill:",
};

const ar: SplitWords = {
  howToPay: 'كيف تدفعون؟',
  modeAll: 'كل ما تبقّى',
  modeMine: 'أصنافي فقط',
  modeEqual: 'أجزاء متساوية',
  modeAmount: 'مبلغ أختاره',
  shares: 'عدد الأجزاء',
  fewerShares: 'أجزاء أقل',
  moreShares: 'أجزاء أكثر',
  amount: 'المبلغ بالشيكل',
  comesTo: 'حصتي:',
  payPart: 'دفع حصتي',
  partHint: 'الإكرامية، إن اخترتموها، تُضاف إلى حصتكم فقط.',
  refusal: {
    nothing_left: 'لا يوجد ما يُدفع: باقي الحساب مدفوع أو قيد الدفع من شخص آخر على الطاولة.',
    nothing_mine: 'لم تضيفوا أصنافًا خاصة بكم. اختاروا أجزاء متساوية أو مبلغًا أو كل ما تبقّى.',
    above_left: 'المبلغ أكبر مما تبقّى للدفع.',
    part_too_small: 'الحصة أقل من 1 ₪. اختاروا أجزاء أقل أو مبلغًا أكبر.',
    invalid: 'طريقة التقسيم غير صالحة: من 2 إلى 50 جزءًا، أو مبلغ موجب.',
  },
  refusedTitle: 'لا يمكن دفع هذه الحصة',
  chooseAgain: 'العودة لاختيار حصتي',
  paymentsTitle: 'من دفع',
  paid: 'دفع',
  paying: 'يدفع الآن',
  failed: 'لم ينجح الدفع',
  someone: 'شخص على الطاولة',
  left: 'المتبقّي للدفع:',
  tablePaying: 'الطاولة قيد الدفع: لا يمكن إضافة أصناف. يمكن لأي شخص دفع جزء مما تبقّى.',
  yourPart: 'حصتك من حساب الطاولة:',
  partPaid: 'تم دفع حصتك:',
  tableLeft: 'ما زال على الطاولة أن تدفع',
  tableWaits: 'يُرسَل الطلب إلى المطبخ عند دفع الحساب كله.',
  tablePaid: 'تم دفع حساب الطاولة كله. الطلب في المطبخ.',
  billTotal: 'حساب الطاولة:',
};

const ru: SplitWords = {
  howToPay: 'Как платите?',
  modeAll: 'Всё, что осталось',
  modeMine: 'Только мои позиции',
  modeEqual: 'Равными частями',
  modeAmount: 'Сумма на выбор',
  shares: 'Число частей',
  fewerShares: 'Меньше частей',
  moreShares: 'Больше частей',
  amount: 'Сумма в шекелях',
  comesTo: 'Моя часть:',
  payPart: 'Оплатить мою часть',
  partHint: 'Чаевые, если выберете, добавляются только к вашей части.',
  refusal: {
    nothing_left: 'Платить нечего: остаток счёта уже оплачен или его оплачивает кто-то другой за столом.',
    nothing_mine: 'Вы не добавили своих позиций. Выберите равные части, сумму или всё, что осталось.',
    above_left: 'Сумма больше, чем осталось оплатить.',
    part_too_small: 'Часть меньше 1 ₪. Выберите меньше частей или большую сумму.',
    invalid: 'Разделение недействительно: от 2 до 50 частей или положительная сумма.',
  },
  refusedTitle: 'Эту часть нельзя оплатить',
  chooseAgain: 'Назад к выбору части',
  paymentsTitle: 'Кто заплатил',
  paid: 'оплачено',
  paying: 'оплачивает',
  failed: 'оплата не прошла',
  someone: 'Кто-то за столом',
  left: 'Осталось оплатить:',
  tablePaying: 'Стол оплачивает счёт: добавлять позиции нельзя. Любой может оплатить часть остатка.',
  yourPart: 'Ваша часть счёта стола:',
  partPaid: 'Ваша часть оплачена:',
  tableLeft: 'Столу осталось оплатить',
  tableWaits: 'Заказ уйдёт на кухню, когда весь счёт будет оплачен.',
  tablePaid: 'Весь счёт стола оплачен. Заказ на кухне.',
  billTotal: 'Счёт стола:',
};

export const splitWords: Readonly<Record<DinerLanguage, SplitWords>> = { he, ar, en, ru };

export const useSplitWords = (): SplitWords => splitWords[useLanguage().language];

/**
 * Why a split was refused, for the diner: the server's Hebrew message in Hebrew (it names what is left), the
 * reason's own words in the other languages.
 */
export function refusalText(words: SplitWords, reason: string | null, serverMessage: string | null, hebrew: boolean) {
  if (hebrew && serverMessage) return serverMessage;
  return reason && reason in words.refusal
    ? words.refusal[reason as SplitRefusal]
    : (serverMessage ?? words.refusedTitle);
}

// The sandbox's card page in the diner's language (the diner's pages speak Hebrew, Arabic, English and Russian).
// The provider's own messages (a field's error, a decline) are Hebrew, as Cardcom's are: the page words each known one
// in the diner's language, and shows an unknown one as it is, marked as Hebrew.
import type { DinerLanguage } from '@tafrit/contracts/languages';

export interface SandboxWords {
  title: string;
  test: (approved: string, declined: string) => string;
  heading: string;
  amount: string;
  order: string;
  tryAnother: string;
  fixFields: string;
  name: string;
  number: string;
  expiry: string;
  expiryHint: string;
  cvvHint: string;
  pay: string;
  secure: string;
  closedTitle: string;
  closedLink: string;
  /** Issue 17's wallets: the Google Pay test button, and Bit's own page (opened outside the frame). */
  googlePay: string;
  orCard: string;
  bitTitle: string;
  bitNote: string;
  bitPay: string;
  bitBack: string;
  /** Issue 34's hold page (pay at the end): the same card form, holding the amount rather than charging it. */
  holdHeading: string;
  holdAmount: string;
  holdNote: string;
  hold: string;
  holdClosedTitle: string;
  /** The provider's Hebrew messages, by their text. */
  messages: Readonly<Record<string, string>>;
}

export const sandboxWords: Readonly<Record<DinerLanguage, SandboxWords>> = {
  he: {
    title: 'תשלום מאובטח (סביבת בדיקה)',
    test: (approved, declined) =>
      `סביבת בדיקה: לא יבוצע חיוב אמיתי. כרטיס לאישור: ${approved}, כרטיס לדחייה: ${declined}`,
    heading: 'תשלום בכרטיס אשראי',
    amount: 'לתשלום:',
    order: 'הזמנה',
    tryAnother: 'אפשר לנסות כרטיס אחר.',
    fixFields: 'חלק מפרטי הכרטיס אינם תקינים, נא לתקן ולנסות שוב.',
    name: 'שם בעל הכרטיס',
    number: 'מספר כרטיס',
    expiry: 'תוקף',
    expiryHint: 'חודש/שנה',
    cvvHint: '3 ספרות בגב הכרטיס',
    pay: 'תשלום',
    secure: 'פרטי הכרטיס מוזנים בדף התשלום בלבד ואינם נשמרים אצל בית העסק.',
    closedTitle: 'התשלום כבר בוצע',
    closedLink: 'לפרטי ההזמנה',
    googlePay: 'Google Pay (בדיקה)',
    orCard: 'או בכרטיס אשראי:',
    bitTitle: 'תשלום בביט (סביבת בדיקה)',
    bitNote: 'סביבת בדיקה: לא יבוצע חיוב אמיתי. כאן במקום אפליקציית ביט.',
    bitPay: 'אישור תשלום בביט',
    bitBack: 'חזרה לבחירת אמצעי תשלום',
    holdHeading: 'תפיסת מסגרת בכרטיס אשראי',
    holdAmount: 'סכום המסגרת:',
    holdNote: 'שום סכום לא יחויב עכשיו. בסוף תחויבו רק על מה שהזמנתם, עד הסכום הזה; יתרת המסגרת תשתחרר מעצמה.',
    hold: 'אישור מסגרת',
    holdClosedTitle: 'המסגרת כבר אושרה',
    messages: {},
  },
  ar: {
    title: 'دفع آمن (بيئة اختبار)',
    test: (approved, declined) =>
      `بيئة اختبار: لن يتم خصم أي مبلغ حقيقي. بطاقة للموافقة: ${approved}، بطاقة للرفض: ${declined}`,
    heading: 'الدفع ببطاقة الائتمان',
    amount: 'للدفع:',
    order: 'طلب',
    tryAnother: 'يمكنكم تجربة بطاقة أخرى.',
    fixFields: 'بعض تفاصيل البطاقة غير صحيحة، يُرجى تصحيحها والمحاولة مجددًا.',
    name: 'اسم حامل البطاقة',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء',
    expiryHint: 'شهر/سنة',
    cvvHint: '3 أرقام على ظهر البطاقة',
    pay: 'ادفعوا',
    secure: 'تُدخَل تفاصيل البطاقة في صفحة الدفع فقط ولا يحتفظ بها المكان.',
    closedTitle: 'تم الدفع مسبقًا',
    closedLink: 'إلى تفاصيل الطلب',
    googlePay: 'Google Pay (اختبار)',
    orCard: 'أو ببطاقة الائتمان:',
    bitTitle: 'الدفع عبر Bit (بيئة اختبار)',
    bitNote: 'بيئة اختبار: لن يتم خصم أي مبلغ حقيقي. هذه الصفحة بدل تطبيق Bit.',
    bitPay: 'تأكيد الدفع عبر Bit',
    bitBack: 'العودة لاختيار طريقة الدفع',
    holdHeading: 'حجز مبلغ على بطاقة الائتمان',
    holdAmount: 'المبلغ المحجوز:',
    holdNote: 'لن يُخصم أي مبلغ الآن. في النهاية يُخصم فقط ثمن ما طلبتم، حتى هذا المبلغ؛ ويُحرَّر باقي الحجز تلقائيًا.',
    hold: 'حجز المبلغ',
    holdClosedTitle: 'تم حجز المبلغ على البطاقة مسبقًا',
    messages: {
      'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)': 'رفضت شركة البطاقات العملية (بيئة اختبار)',
      'העסקה סורבה': 'رُفضت العملية',
      'נא להזין את שם בעל הכרטיס': 'يُرجى إدخال اسم حامل البطاقة',
      'מספר הכרטיס אינו תקין': 'رقم البطاقة غير صحيح',
      'נא להזין תוקף בפורמט MM/YY': 'يُرجى إدخال تاريخ الانتهاء بصيغة MM/YY',
      'תוקף הכרטיס פג': 'انتهت صلاحية البطاقة',
      'נא להזין 3 או 4 ספרות': 'يُرجى إدخال 3 أو 4 أرقام',
    },
  },
  en: {
    title: 'Secure payment (test environment)',
    test: (approved, declined) =>
      `Test environment: no real charge is made. Card to approve: ${approved}, card to decline: ${declined}`,
    heading: 'Pay by credit card',
    amount: 'To pay:',
    order: 'Order',
    tryAnother: 'You can try another card.',
    fixFields: 'Some of the card details are not valid. Please correct them and try again.',
    name: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiry',
    expiryHint: 'month/year',
    cvvHint: '3 digits on the back of the card',
    pay: 'Pay',
    secure: 'Card details are entered on the payment page only and are not kept by the business.',
    closedTitle: 'This payment has already been made',
    closedLink: 'To your order',
    googlePay: 'Google Pay (test)',
    orCard: 'Or by credit card:',
    bitTitle: 'Pay with Bit (test environment)',
    bitNote: 'Test environment: nothing is really charged. This page stands in for the Bit app.',
    bitPay: 'Confirm payment with Bit',
    bitBack: 'Back to choosing how to pay',
    holdHeading: 'Hold on your credit card',
    holdAmount: 'Amount to hold:',
    holdNote:
      'Nothing is charged now. At the end you are charged only for what you ordered, up to this amount; the rest of the hold is released by itself.',
    hold: 'Hold',
    holdClosedTitle: 'Your card is already held',
    messages: {
      'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)': 'The card company declined the transaction (test environment)',
      'העסקה סורבה': 'The transaction was declined',
      'נא להזין את שם בעל הכרטיס': "Please enter the cardholder's name",
      'מספר הכרטיס אינו תקין': 'The card number is not valid',
      'נא להזין תוקף בפורמט MM/YY': 'Please enter the expiry as MM/YY',
      'תוקף הכרטיס פג': 'The card has expired',
      'נא להזין 3 או 4 ספרות': 'Please enter 3 or 4 digits',
    },
  },
  ru: {
    title: 'Безопасная оплата (тестовая среда)',
    test: (approved, declined) =>
      `Тестовая среда: настоящего списания не будет. Карта для одобрения: ${approved}, карта для отказа: ${declined}`,
    heading: 'Оплата кредитной картой',
    amount: 'К оплате:',
    order: 'Заказ',
    tryAnother: 'Можно попробовать другую карту.',
    fixFields: 'Некоторые данные карты введены неверно. Исправьте их и попробуйте ещё раз.',
    name: 'Имя владельца карты',
    number: 'Номер карты',
    expiry: 'Срок действия',
    expiryHint: 'месяц/год',
    cvvHint: '3 цифры на обороте карты',
    pay: 'Оплатить',
    secure: 'Данные карты вводятся только на странице оплаты и не хранятся у заведения.',
    closedTitle: 'Оплата уже произведена',
    closedLink: 'К заказу',
    googlePay: 'Google Pay (тест)',
    orCard: 'Или кредитной картой:',
    bitTitle: 'Оплата через Bit (тестовая среда)',
    bitNote: 'Тестовая среда: реального списания не будет. Эта страница заменяет приложение Bit.',
    bitPay: 'Подтвердить оплату через Bit',
    bitBack: 'Вернуться к выбору способа оплаты',
    holdHeading: 'Блокировка суммы на кредитной карте',
    holdAmount: 'Сумма блокировки:',
    holdNote:
      'Сейчас ничего не списывается. В конце спишут только стоимость заказанного, не больше этой суммы; остаток блокировки снимется сам.',
    hold: 'Заблокировать',
    holdClosedTitle: 'Сумма на карте уже заблокирована',
    messages: {
      'העסקה סורבה על ידי חברת האשראי (סביבת בדיקה)': 'Платёжная компания отклонила операцию (тестовая среда)',
      'העסקה סורבה': 'Операция отклонена',
      'נא להזין את שם בעל הכרטיס': 'Введите имя владельца карты',
      'מספר הכרטיס אינו תקין': 'Неверный номер карты',
      'נא להזין תוקף בפורמט MM/YY': 'Введите срок действия в формате MM/YY',
      'תוקף הכרטיס פג': 'Срок действия карты истёк',
      'נא להזין 3 או 4 ספרות': 'Введите 3 или 4 цифры',
    },
  },
};

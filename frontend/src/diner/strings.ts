// Every word of the diner's page, in Hebrew. Short on purpose: people read it standing in a noisy café. The other
// languages (text-ar.ts, text-en.ts, text-ru.ts) have the same shape and load only when chosen (language.tsx): Hebrew
// alone is in the menu's first paint.
import { he } from '@/i18n/he';
import { productTagLabelsHe } from '@tafrit/contracts/menu-types';

export const heDiner = {
  appName: 'תפריט',
  skipToContent: 'דילוג לתוכן',
  pageTitle: (name: string) => `${name} | תפריט`,
  footer: { label: 'קישורים', accessibility: 'הצהרת נגישות', terms: 'תנאי שימוש' },
  /** A product's dietary and kashrut tags (contracts' PRODUCT_TAGS), as the owner's form names them. */
  tags: productTagLabelsHe,
  header: {
    cart: (count: number) => `העגלה, ${count}${count === 1 ? ' פריט' : ' פריטים'}`,
    cartPrefix: 'העגלה, ',
    items: (count: number) => (count === 1 ? ' פריט' : ' פריטים'),
    cartEmpty: 'העגלה, ריקה',
    table: 'שולחן',
  },
  menu: {
    categories: 'קטגוריות בתפריט',
    loading: 'טוען את התפריט…',
    loadFailed: 'לא הצלחנו לטעון את התפריט. בדקו את החיבור ונסו שוב.',
    retry: 'ניסיון נוסף',
    empty: 'אין כרגע מנות בתפריט.',
    add: 'הוספה',
    addName: (name: string) => `של ${name} לעגלה`,
    plus: (name: string) => `הוספת עוד ${name}`,
    minus: (name: string) => `הפחתת ${name} אחד`,
    removeLast: (name: string) => `הסרת ${name} מהעגלה`,
    inCart: 'בעגלה:',
    /** A product the owner marked sold out for today: shown, with nothing to add. */
    soldOut: 'אזל להיום',
    quantityOf: (name: string) => `כמות ${name}`,
    tags: 'סימונים',
    floatingCart: 'לעגלה',
  },
  announce: {
    added: (name: string, count: number) => `${name} נוסף לעגלה. ${countText(count)}`,
    removed: (name: string, count: number) => `${name} הוסר מהעגלה. ${countText(count)}`,
    changed: (count: number) => countText(count),
  },
  cart: {
    title: 'העגלה שלך',
    empty: 'העגלה ריקה',
    emptyBlocked: 'העגלה ריקה, נא להוסיף פריטים לפני התשלום',
    unitPrice: 'מחיר ליחידה',
    quantity: (name: string) => `כמות של ${name}`,
    plus: (name: string) => `הוספת עוד ${name}`,
    minus: (name: string) => `הפחתת ${name} אחד`,
    remove: 'הסרה',
    removeName: (name: string) => `של ${name} מהעגלה`,
    lineTotal: 'סה"כ לשורה',
    total: 'סה"כ לתשלום',
    remarksLabel: 'הערות למטבח (לא חובה)',
    remarksPlaceholder: 'הערות למטבח, למשל: בלי בצל',
    remarksCount: (used: number, max: number) => `${used} מתוך ${max} תווים`,
    backToMenu: 'חזרה לתפריט',
    toPayment: 'מעבר לתשלום',
    lines: 'המנות בעגלה',
  },
  checkout: {
    title: 'תשלום',
    amount: 'הסכום לתשלום',
    summary: (count: number) => `פירוט ההזמנה (${count === 1 ? 'פריט אחד' : `${count} פריטים`})`,
    preparing: 'מכינים את דף התשלום…',
    ready: 'דף התשלום מוכן',
    frameTitle: 'דף תשלום מאובטח',
    secureNote: 'את פרטי הכרטיס מזינים בדף המאובטח של חברת הסליקה: הם לא עוברים דרכנו ולא נשמרים אצלנו.',
    backToCart: 'חזרה לעגלה',
    failedTitle: 'התשלום לא הושלם',
    failedText: 'לא בוצע חיוב. אפשר לנסות שוב, באותו כרטיס או בכרטיס אחר.',
    priceChangedTitle: 'המחיר השתנה',
    priceChangedText: 'מחירים בתפריט עודכנו מאז שהוספתם לעגלה. העגלה עודכנה, ולא חויבתם.',
    previousAmount: 'הסכום הקודם',
    newAmount: 'הסכום המעודכן',
    payNewAmount: 'לתשלום',
    unavailableTitle: 'חלק מהפריטים אינם זמינים עוד',
    unavailableText: 'אי אפשר להזמין כרגע את:',
    removeUnavailable: 'הסרתם וחזרה לעגלה',
    unavailableRemoved: 'הפריטים שאינם זמינים הוסרו מהעגלה.',
    errorTitle: 'לא הצלחנו להכין את דף התשלום',
    elsewhereTitle: 'דף התשלום לא נפתח בכתובת הזו',
    elsewhereText:
      'השרת לא מכיר את הכתובת שבה נפתח האתר, ודף התשלום שלו זמין רק בכתובת שלו. כדי לשלם, פתחו את התפריט בכתובת:',
    retry: 'ניסיון נוסף',
    /** Ordering closed while the diner was at the checkout (a 409 with its reason): never a server error. */
    closedTitle: 'המטבח לא מקבל הזמנות כרגע',
    closedText: 'לא חויבתם. העגלה נשמרת, ואפשר להזמין כשייפתח.',
    tipTitle: 'להוסיף טיפ?',
    tipNone: 'בלי טיפ',
    tipOther: 'סכום אחר',
    tipOtherLabel: 'סכום הטיפ בשקלים',
    tipInvalid: (max: string) => `נא להזין סכום בין 0 ל־${max}`,
    tipLine: 'מזה טיפ',
    methodTitle: 'איך תשלמו?',
    methodCard: 'כרטיס אשראי',
    methodCardGooglePay: 'כרטיס אשראי או Google Pay',
    methodBit: 'ביט',
    bitNote: 'תעברו לדף של ביט ותחזרו לכאן עם סיום התשלום.',
    continueToPay: 'להמשך לתשלום',
    toBit: 'עוברים לביט…',
    pickupTitle: 'מתי לאסוף?',
    pickupAsap: (minutes: number) => `בהקדם האפשרי (כ־${minutes} דקות)`,
    pickupLater: 'בשעה',
    pickupSlotLabel: 'שעת איסוף',
    readySmsTitle: 'הודעה כשההזמנה מוכנה (לא חובה)',
    readySmsNote:
      'נשלח SMS אחד למספר הזה כשההזמנה מוכנה, ולא נשתמש בו לשום דבר אחר. המספר נשמר מוצפן ונמחק מיד אחרי ההודעה, או כשההזמנה נמסרת או מבוטלת, ולכל היותר אחרי יום.',
    readySmsLabel: 'מספר נייד',
    readySmsSubmit: 'שלחו לי הודעה',
    readySmsSaving: 'שומרים את המספר…',
    readySmsSaved: 'נשלח הודעה כשההזמנה מוכנה למספר',
    readySmsInvalid: 'נא להזין מספר נייד ישראלי, למשל 050-7654321',
    readySmsFailed: 'לא הצלחנו לשמור את המספר. אפשר לנסות שוב, או להמשיך בלי הודעה.',
    invoiceForTitle: 'חשבונית על שם עסק (לא חובה)',
    invoiceForNote: 'החשבונית תופק על שם העסק ותכלול את מספר ח.פ. או עוסק מורשה שלו.',
    invoiceNameLabel: 'שם העסק',
    invoiceTaxIdLabel: 'ח.פ. / ע.מ.',
    invoiceForSubmit: 'חשבונית על שם העסק',
    invoiceForSaved: 'החשבונית תופק על שם',
    invoiceForRemove: 'בלי חשבונית על שם עסק',
    promoTitle: 'יש לך קוד הנחה?',
    promoLabel: 'קוד הנחה',
    promoSubmit: 'החלת הקוד',
    promoChecking: 'בודקים את הקוד…',
    promoApplied: 'הנחה',
    promoRemove: 'הסרת הקוד',
    promoInvalid: 'קוד ההנחה אינו תקף להזמנה הזו',
    promoFailed: 'לא הצלחנו לבדוק את הקוד. נסו שוב.',
    discountLine: 'הנחה',
    /** The contracts' messages (invoiceForMessagesHe), word for word: a test holds them together. */
    invoiceNameRequired: 'נא להזין את שם העסק כפי שיופיע בחשבונית',
    invoiceNameTooLong: 'שם העסק ארוך מדי: עד 100 תווים',
    invoiceTaxIdInvalid: 'מספר ח.פ. או עוסק מורשה אינו תקין: 9 ספרות, וספרת הביקורת (האחרונה) צריכה להתאים',
  },
  thankYou: {
    title: 'תודה על ההזמנה',
    loading: 'טוענים את פרטי ההזמנה…',
    loadFailed: 'לא הצלחנו לטעון את פרטי ההזמנה. בדקו את החיבור ונסו שוב.',
    retry: 'ניסיון נוסף',
    received: 'ההזמנה התקבלה',
    orderNumber: 'מספר הזמנה',
    table: 'שולחן',
    items: 'פרטי ההזמנה',
    lineTotal: 'סה"כ לשורה',
    total: 'סה"כ',
    remarks: 'הערות למטבח',
    invoice: 'חשבונית',
    invoiceNumber: "חשבונית מס/קבלה מס'",
    viewInvoice: 'צפייה בחשבונית',
    newWindow: '(נפתח בחלון חדש)',
    invoicePending: 'החשבונית בהפקה…',
    invoiceOnItsWay: 'החשבונית בדרך: היא תופק עם מספר ההקצאה מרשות המסים. אפשר לחזור לעמוד זה מאוחר יותר',
    invoiceFailed: 'הפקת החשבונית נכשלה, פנו לצוות',
    refunds: 'החזרים',
    refunded: 'הוחזר לכרטיס',
    viewCredit: 'צפייה בחשבונית הזיכוי',
    creditPending: 'חשבונית הזיכוי תישלח על ידי העסק',
    paymentPending: 'מאשרים את התשלום…',
    paymentFailed: 'התשלום לא הושלם, לא בוצע חיוב.',
    backToPayment: 'חזרה לתשלום',
    stillWaiting: 'זה לוקח יותר מהרגיל. אפשר לרענן את הדף בעוד רגע.',
    newOrder: 'הזמנה חדשה',
    promotion: 'רוצים תפריט דיגיטלי כזה לעסק שלכם?',
    noOrderTitle: 'לא מצאנו הזמנה',
    noOrderText: 'לא מצאנו הזמנה שלכם בעסק הזה. אפשר לחזור לתפריט ולהזמין.',
    backToMenu: 'חזרה לתפריט',
    pickupAt: 'איסוף בשעה',
    addToCalendar: 'הוספה ליומן',
  },
  frame: {
    continue: 'להמשך',
  },
  /** The header's switcher (its options are each language's name in itself, from contracts' languageNames). */
  language: { label: 'שפה' },
  /** The accessibility widget's words (the whole site's, from i18n/he.ts), in the diner's language on its pages. */
  a11y: he.a11y,
  notFound: {
    title: 'התפריט לא נמצא',
    description: 'לא מצאנו תפריט לכתובת הזו. נסו לסרוק שוב את קוד ה-QR שעל השולחן.',
  },
  pageNotFound: { title: 'הדף לא נמצא', home: 'לדף הבית' },
  /** A step's screen while its code is on its way (a slow line): said at once, the screen follows. */
  stepLoading: 'טוען…',
  /** The thank-you page's live status of a paid order (decision 031). */
  progress: {
    heading: 'מצב ההזמנה',
    steps: { paid: 'התקבלה', accepted: 'בהכנה', ready: 'מוכנה', served: 'נמסרה' },
    current: '(השלב הנוכחי)',
    done: '(הושלם)',
    paid: 'ההזמנה התקבלה ומחכה לאישור המטבח.',
    accepted: 'המטבח מכין את ההזמנה.',
    ready: 'ההזמנה מוכנה! היא בדרך אליכם.',
    readyPickup: 'ההזמנה מוכנה! אפשר לאסוף אותה בדלפק.',
    served: 'ההזמנה נמסרה. בתיאבון!',
    cancelled: 'העסק ביטל את ההזמנה. הסכום יוחזר לאמצעי התשלום.',
    readyAround: 'זמן משוער: בסביבות',
    following: 'הדף מתעדכן מעצמו כשהמטבח מתקדם.',
  },
  /** The menu's banner while ordering is closed (decision 028): browsing stays open. */
  ordering: {
    closed: 'ההזמנות סגורות כעת',
    /** When ordering opens (ordering-banner.ts): the hour today or tomorrow, else the weekday, the date and the hour. */
    opensToday: (hour: string) => `ייפתח היום ב־${hour}`,
    opensTomorrow: (hour: string) => `ייפתח מחר ב־${hour}`,
    opensOn: (weekday: string, date: string, hour: string) => `ייפתח ב${weekday}, ${date}, ב־${hour}`,
    browse: 'אפשר לעיין בתפריט ולהזמין כשייפתח.',
  },
  unavailable: {
    title: 'העסק אינו מקבל הזמנות כרגע',
    description: (name: string) => `${name} אינו מקבל הזמנות דרך התפריט הדיגיטלי כרגע. אפשר להזמין אצל הצוות.`,
  },
} as const;

function countText(count: number): string {
  if (count === 0) return 'העגלה ריקה.';
  return count === 1 ? 'בעגלה פריט אחד.' : `בעגלה ${count} פריטים.`;
}

/** A string literal's type widened to string, so another language's words fit Hebrew's shape. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : { readonly [K in keyof T]: Widen<T[K]> };

export type DinerStrings = Widen<typeof heDiner>;

// The platform's commission invoices waiting for an allocation number (decision 049), in the admin dashboard.
// Numbers, amounts, months and times are set apart by the component (<bdi dir="ltr">); these are the words around them.
export const heAdminAllocations = {
  title: 'חשבוניות הממתינות למספר הקצאה',
  intro:
    'חשבונית עמלה של הפלטפורמה מעל הסכום שקבעה רשות המסים צריכה מספר הקצאה, שמתבקש בהרשאה של הפלטפורמה. החשבונית כבר ממוספרת; היא תופק כשהמספר יגיע.',
  empty: 'אין חשבוניות הממתינות למספר הקצאה',
  loading: 'בודקים אם יש חשבוניות הממתינות למספר הקצאה…',
  loadError: 'לא הצלחנו לבדוק אם יש חשבוניות הממתינות למספר הקצאה',
  retry: 'ניסיון נוסף',
  retrying: 'בודקים שוב…',
  invoice: 'חשבונית מס',
  phone: 'טלפון',
  month: 'חודש העמלה',
  beforeVat: 'לפני מע"מ',
  total: 'סה"כ',
  decidedAt: 'הוחלט',
  /** "ממתינה למספר מרשות המסים; יופק ללא מספר ב-29/11/2026 12:45." around the date and time. */
  waitingBefore: 'ממתינה למספר מרשות המסים; יופק ללא מספר ב-',
  waitingAfter: '.',
  refusedTitle: 'רשות המסים סירבה לתת מספר הקצאה',
  refusalCode: 'קוד',
  refusedAt: 'בתאריך',
  refusalOptions:
    'אפשר להזין מספר הקצאה שהתקבל באזור האישי, או להפיק את החשבונית ללא מספר הקצאה (העסק לא יוכל לקזז את המע"מ שבה).',
  manual: {
    label: 'הזנת מספר הקצאה שהתקבל באזור האישי',
    hint: '9 ספרות, כפי שהן מופיעות באזור האישי באתר רשות המסים.',
    submit: 'הפקה עם המספר',
    pending: 'מפיקים את החשבונית…',
  },
  issueWithout: 'הפקה ללא מספר הקצאה',
  issueWithoutDialog: {
    title: 'להפיק את החשבונית ללא מספר הקצאה?',
    /** The dialog's sentence: which invoice, to whom (digits only). */
    description: (invoiceNumber: number, businessName: string) =>
      `חשבונית מס ${invoiceNumber} של ${businessName}. לפני שממשיכים, זה מה שיקרה:`,
    consequences: [
      'החשבונית תופק עכשיו ללא מספר הקצאה, ותישלח לעסק.',
      'העסק לא יוכל לקזז את המע"מ שבחשבונית.',
      'חשבונית שהופקה אינה נמחקת ואינה נערכת: אי אפשר להוסיף לה מספר אחר כך.',
    ],
    cancel: 'חזרה בלי להפיק',
    confirm: 'כן, להפיק ללא מספר',
    confirming: 'מפיקים ללא מספר…',
    error: 'הפקת החשבונית נכשלה',
  },
  actionError: 'הפעולה לא הצליחה',
  /** "חשבונית מס 12 של קפה הגפן הופקה עם מספר ההקצאה." around the number and the name. */
  resultBefore: 'חשבונית מס',
  resultOf: 'של',
  result: {
    manual: 'הופקה עם מספר ההקצאה.',
    issue_without_number: 'הופקה ללא מספר הקצאה.',
  },
  /** A 409 (issued meanwhile): before the server's reason; the list is refreshed. */
  stale: 'מצב החשבונית השתנה בינתיים, והרשימה עודכנה.',
  /** The server answered that the invoice is still waiting (another answer came first). */
  notIssued: 'עדיין ממתינה: הרשימה עודכנה.',
} as const;

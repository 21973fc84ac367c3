// The documents waiting for an allocation number (decision 049), first on the bookkeeping page. Numbers, amounts and
// times are set apart by the component (<bdi dir="ltr">); these are the words around them.
export const heOwnerAllocations = {
  title: 'מסמכים הממתינים למספר הקצאה',
  intro:
    'חשבונית מס קבלה על שם עסק מעל הסכום שקבעה רשות המסים צריכה מספר הקצאה. המסמך כבר ממוספר ותאריכו יום התשלום; הוא יופק כשהמספר יגיע.',
  loading: 'בודק אם יש מסמכים הממתינים למספר הקצאה…',
  loadError: 'לא הצלחנו לבדוק אם יש מסמכים הממתינים למספר הקצאה',
  retry: 'ניסיון נוסף',
  retrying: 'בודק שוב…',
  order: 'הזמנה',
  document: 'חשבונית מס קבלה',
  buyer: 'הקונה',
  taxId: 'ח.פ.',
  beforeVat: 'לפני מע"מ',
  total: 'סה"כ',
  paidAt: 'שולם',
  /** "ממתין למספר מרשות המסים; יופק ללא מספר ב-12:45." around the time. */
  waitingBefore: 'ממתין למספר מרשות המסים; יופק ללא מספר ב-',
  waitingAfter: '.',
  refusedTitle: 'רשות המסים סירבה לתת מספר הקצאה',
  refusalCode: 'קוד',
  refusedAt: 'בתאריך',
  refusalOptions:
    'לפי החוק נשארו שתי אפשרויות: לבטל את העסקה ולהחזיר את הכסף, או להפיק את המסמך ללא מספר הקצאה ולהודיע לקונה שלא יוכל לקזז את המע"מ שבו.',
  readOnly: 'הזנת מספר או בחירה מה לעשות במסמך שמורות למי שמורשה לבצע החזרים.',
  manual: {
    label: 'הזנת מספר הקצאה שהתקבל באזור האישי',
    hint: '9 ספרות, כפי שהן מופיעות באזור האישי באתר רשות המסים.',
    submit: 'הפקה עם המספר',
    pending: 'מפיק את המסמך…',
  },
  issueWithout: 'הפקה ללא מספר הקצאה',
  issuingWithout: 'מפיק ללא מספר…',
  cancel: 'ביטול העסקה והחזר כספי',
  cancelDialog: {
    title: 'ביטול העסקה והחזר כספי',
    /** The dialog's sentence: which order and document (digits only). */
    description: (orderNumber: number, invoiceNumber: string) =>
      `הזמנה ${orderNumber}, חשבונית מס קבלה ${invoiceNumber}. לפני שממשיכים, זה מה שיקרה:`,
    consequences: [
      'כל סכום ההזמנה יוחזר למשלם, באמצעי התשלום שבו שילם.',
      'המסמך יופק ללא מספר הקצאה, וחשבונית זיכוי תבטל אותו.',
      'את ההחזר ואת הביטול אי אפשר לבטל אחר כך.',
    ],
    cancel: 'חזרה בלי לבטל',
    confirm: 'ביטול העסקה והחזר הכסף',
    confirming: 'מבטל ומחזיר…',
    error: 'ביטול העסקה לא הצליח',
  },
  actionError: 'הפעולה לא הצליחה',
  /** "המסמך של הזמנה 57 הופק עם מספר ההקצאה." around the order's number. */
  resultBefore: 'המסמך של הזמנה',
  result: {
    manual: 'הופק עם מספר ההקצאה.',
    issue_without_number: 'הופק ללא מספר הקצאה. הודיעו לקונה שלא יוכל לקזז את המע"מ שבו.',
    cancel: 'הופק ללא מספר, והעסקה בוטלה: כל הסכום מוחזר למשלם.',
  },
} as const;

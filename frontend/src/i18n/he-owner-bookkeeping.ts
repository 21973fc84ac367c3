// The accountant's files (issue 32, `/bookkeeping`): the month's download and the Tax Authority's uniform structure.
// Months, dates and file names are set apart by the components (<bdi dir="ltr">); these are the words around them.
export const heOwnerBookkeeping = {
  bookkeeping: {
    nav: 'הנהלת חשבונות',
    title: 'הנהלת חשבונות',
    intro:
      'כאן מורידים את מה שרואה החשבון צריך: מסמכי המס של כל חודש עם יומן התנועות, המע"מ וההתאמות, וקבצי המבנה האחיד של רשות המסים. הקבצים יורדים כקובצי ZIP, והתאריכים בהם לפי שעון ישראל.',
    month: {
      title: 'החודש לרואה החשבון',
      label: 'חודש',
      /** The option's words after its month, which is shown as MM/YYYY. */
      current: '(החודש הנוכחי)',
      currentNote: 'החודש עוד לא הסתיים: הקובץ יכלול רק את מה שנרשם עד עכשיו.',
      download: 'הורדת החודש (ZIP)',
      pending: 'מכין את הקובץ…',
      contentsTitle: 'מה יש בקובץ',
      contents: [
        'כל מסמכי המס של החודש (חשבוניות מס קבלה וחשבוניות זיכוי) כקובצי PDF',
        'יומן התנועות של החודש כקובץ CSV וכקובץ Excel',
        'סיכום מע"מ עסקאות של החודש',
        'התאמה בין המסמכים לדוח ההזמנות החודשי',
        'חשבונית העמלה של תפריט לחודש',
        'סיכום ההעברה לחשבון הבנק של העסק',
      ],
      /** "מכין את הקובץ של 10/2026. חודש עמוס יכול לקחת עד דקה." around the month. */
      preparingBefore: 'מכין את הקובץ של',
      preparingAfter: '. חודש עמוס יכול לקחת עד דקה.',
      error: 'הורדת החודש נכשלה',
    },
    uniform: {
      title: 'מבנה אחיד (קבצי INI.TXT ו-BKMVDATA.TXT)',
      description:
        'הקבצים בפורמט של רשות המסים (OPENFRMT) לטווח תאריכים: לקליטה בתוכנת הנהלת החשבונות, או למסירה לרשות המסים כשהיא מבקשת.',
      from: 'מתאריך',
      to: 'עד תאריך',
      download: 'הורדת המבנה האחיד (ZIP)',
      pending: 'מכין את הקבצים…',
      /** "מכין את הקבצים ל-01/01/2026 עד 29/11/2026." around the dates. */
      preparingBefore: 'מכין את הקבצים ל-',
      preparingBetween: 'עד',
      preparingAfter: '.',
      yearNote:
        'הקבצים מופקים לכל שנת מס בנפרד, ולכן שני התאריכים באותה שנה. הנתונים נשמרים שבע שנים, כפי שמחייבות הוראות ניהול הספרים.',
      printNote: 'בקובץ ה-ZIP יש גם דוח סיכום של הרשומות בקבצים: הדפיסו אותו ושמרו אותו עם הקבצים.',
      error: 'הורדת המבנה האחיד נכשלה',
    },
    /** "הקובץ bookkeeping-2026-10.zip ירד למחשב." around the file's name. */
    savedBefore: 'הקובץ',
    savedAfter: 'ירד למחשב.',
  },
} as const;

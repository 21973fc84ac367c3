// The first-run checklist's words (issue 18, decision 034).
import type { SetupStepId } from '@tafrit/contracts/http/setup.schemas';

export const setupText = {
  title: 'צעדים ראשונים',
  intro: 'כמה צעדים קצרים עד שהעסק מוכן לקבל הזמנות.',
  progress: (done: number, total: number) => `${done} מתוך ${total} הושלמו`,
  progressLabel: 'התקדמות ההגדרה',
  done: 'הושלם',
  notDone: 'עוד לא',
  dismiss: 'הסתרת הרשימה',
  steps: {
    details: { label: 'פרטי העסק והכתובת', action: 'להשלמת הפרטים' },
    category: { label: 'קטגוריה ראשונה בתפריט', action: 'להוספת קטגוריה' },
    product: { label: 'מוצר ראשון בתפריט', action: 'להוספת מוצר' },
    qr: { label: 'הדפסת קוד ה-QR או כרזות לשולחנות', action: 'להדפסת הקוד' },
    test_order: { label: 'הזמנת בדיקה', action: 'שליחת הזמנת בדיקה' },
    printing: { label: 'הגדרת הדפסה (תוכנת ההדפסה או הדפסה מהדפדפן)', action: 'לחיבור מדפסת' },
  } satisfies Record<SetupStepId, { label: string; action: string }>,
  testOrderSentBefore: 'הזמנת בדיקה מספר',
  testOrderSentAfter: 'נשלחה למסך ההזמנות.',
  testOrderFailed: 'לא הצלחנו לשלוח הזמנת בדיקה',
  toOrders: 'למסך ההזמנות',
  testOrderNote: 'הזמנת בדיקה מודפסת ומופיעה במסך ההזמנות, בלי חיוב, ואינה נספרת בדוחות ובעמלות.',
  emptyMonth: {
    title: 'אין עדיין הזמנות בחודש הזה',
    next: 'מה עושים עכשיו?',
    menu: 'להוסיף קטגוריות ומוצרים לתפריט',
    qr: 'להדפיס את קוד ה-QR ולהניח אותו על השולחנות',
    orders: 'לשלוח הזמנת בדיקה ממסך ההזמנות',
  },
  testBadge: 'הזמנת בדיקה',
  notCharged: 'לא לתשלום',
} as const;

// Every word of the diner's page, in Hebrew. Short on purpose: people read it standing in a noisy café.

export const heDiner = {
  appName: 'תפריט',
  skipToContent: 'דילוג לתוכן',
  pageTitle: (name: string) => `${name} | תפריט`,
  footer: { label: 'קישורים', accessibility: 'הצהרת נגישות', terms: 'תנאי שימוש' },
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
    soon: 'התשלום בכרטיס אשראי בדף מאובטח יתווסף בקרוב. בינתיים אפשר לחזור לעגלה.',
    backToCart: 'חזרה לעגלה',
  },
  thankYou: {
    title: 'תודה על ההזמנה',
    soon: 'כאן יוצגו מספר ההזמנה, פרטי ההזמנה והחשבונית.',
    newOrder: 'הזמנה חדשה',
  },
  notFound: {
    title: 'התפריט לא נמצא',
    description: 'לא מצאנו תפריט לכתובת הזו. נסו לסרוק שוב את קוד ה-QR שעל השולחן.',
  },
  pageNotFound: { title: 'הדף לא נמצא', home: 'לדף הבית' },
  unavailable: {
    title: 'העסק אינו מקבל הזמנות כרגע',
    description: (name: string) => `${name} אינו מקבל הזמנות דרך התפריט הדיגיטלי כרגע. אפשר להזמין אצל הצוות.`,
  },
} as const;

function countText(count: number): string {
  if (count === 0) return 'העגלה ריקה.';
  return count === 1 ? 'בעגלה פריט אחד.' : `בעגלה ${count} פריטים.`;
}

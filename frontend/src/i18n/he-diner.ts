// Strings of the diner's screens (menu, cart, checkout, thank-you). See he.ts. Part of the diner's budgeted chunk.

export const heDiner = {
  menu: {
    title: 'התפריט',
    description: 'כאן יוצג התפריט של העסק, ומכאן תוסיפו מנות לסל.',
    departmentLabel: 'מספר תפריט:',
  },
  menuNotFound: {
    title: 'התפריט לא נמצא',
    description: 'לא מצאנו תפריט לכתובת הזו. נסו לסרוק שוב את קוד ה-QR שעל השולחן.',
  },
  cart: {
    title: 'סל הקניות',
    description: 'כאן תראו את המנות שבחרתם, תוסיפו הערות למטבח ותעברו לתשלום.',
  },
  checkout: {
    title: 'תשלום',
    description: 'כאן תשלמו בכרטיס אשראי בדף תשלום מאובטח.',
  },
  thankYou: {
    title: 'תודה על ההזמנה',
    description: 'כאן יוצגו מספר ההזמנה, פרטי ההזמנה והחשבונית.',
  },
} as const;

// Strings of the public pages: landing, terms, accessibility statement. See he.ts.

export const heLanding = {
  marketingTitle: 'תפריט | תפריט דיגיטלי והזמנה בסריקת QR למסעדות ובתי קפה',
  navLabel: 'ניווט ראשי',
  register: 'הרשמה חינם',
  login: 'כניסה לעסקים',
  tagline: 'סורקים. מזמינים. מגישים. מהר יותר.',
  leadBeforeCommission: 'תפריט דיגיטלי בסריקת QR: הלקוחות מזמינים ומשלמים מהטלפון, ואתם משלמים רק',
  commission: '5%',
  leadAfterCommission: 'עמלה לעסקה, בלי דמי הקמה ובלי דמי מנוי.',
  footerLinksLabel: 'קישורים מהירים',
  adminLogin: 'מנהל מערכת',
  terms: 'תנאי שימוש',
  accessibility: 'הצהרת נגישות',
  copyrightYear: '2024',
  copyrightHolder: 'תפריט. כל הזכויות שמורות.',
  termsPage: {
    title: 'תנאי שימוש',
    description: 'כאן יוצגו תנאי השימוש בשירות.',
  },
  accessibilityPage: {
    title: 'הצהרת נגישות',
    description:
      'אנחנו פועלים כדי שהשירות יהיה נגיש לכל אדם. ההצהרה המלאה, עם פרטי הקשר לנושאי נגישות, תפורסם כאן בקרוב.',
  },
} as const;

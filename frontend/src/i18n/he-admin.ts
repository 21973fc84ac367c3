// Strings of the system administrator's screens. See he.ts. Toasts shared with the server come from the catalogue in
// @tafrit/contracts/messages.he.

export const heAdmin = {
  dashboard: {
    title: 'לוח ניהול המערכת',
    description: 'ניהול חשבונות העסקים ודוחות העמלות החודשיים יתווספו כאן בקרוב.',
    signedInAs: 'מחוברים כמנהל מערכת',
    logout: 'התנתקות',
    loggingOut: 'מתנתקים...',
  },
  openBusiness: {
    title: 'כניסה לעסק',
    description: 'פתיחת לוח הניהול של עסק כפי שבעל העסק רואה אותו. הכניסה מסומנת כהתחזות.',
    phoneLabel: 'טלפון העסק',
    phoneHint: 'מספר הנייד שאיתו העסק נרשם.',
    sameTab: 'פתיחה בלשונית הזו',
    newTab: 'פתיחה בלשונית חדשה',
    opening: 'פותחים...',
    errorTitle: 'לא הצלחנו לפתוח את העסק',
    popupBlocked: 'הדפדפן חסם את פתיחת הלשונית החדשה. אפשרו חלונות קופצים לאתר או פתחו בלשונית הזו.',
  },
  login: {
    title: 'כניסת מנהל מערכת',
    description: 'כניסה עם מספר הנייד של מנהל המערכת וקוד חד-פעמי שנשלח אליו ב-SMS.',
  },
  otp: {
    phoneLabel: 'מספר טלפון נייד',
    phoneHint: 'מספר הנייד של מנהל המערכת.',
    sendCode: 'שליחת קוד',
    sendingCode: 'שולחים...',
    codeLabel: 'קוד אימות',
    codeHint: 'הקוד בן 6 ספרות.',
    sentTo: 'שלחנו קוד אימות ב-SMS למספר',
    verify: 'כניסה',
    verifying: 'בודקים...',
    changePhone: 'חזרה לשינוי המספר',
    resend: 'שליחת קוד חדש',
    resendInBefore: 'אפשר לבקש קוד חדש בעוד',
    resendInAfter: 'שניות',
  },
} as const;

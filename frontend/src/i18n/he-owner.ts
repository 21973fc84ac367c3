// Strings of the business owner's screens. See he.ts.

export const heOwner = {
  registration: {
    title: 'הרשמת עסק',
    description: 'כאן תוכלו לרשום את העסק שלכם בחינם ולהתחיל לקבל הזמנות מהשולחן.',
  },
  login: {
    title: 'כניסה לעסקים',
    description: 'כאן תתחברו עם מספר הטלפון של העסק וקוד חד-פעמי שיישלח אליכם.',
  },
  success: {
    title: 'ההרשמה הושלמה',
    description: 'העסק נרשם בהצלחה. בעוד רגע נעביר אתכם לניהול התפריט.',
  },
  reports: {
    title: 'דוח הזמנות חודשי',
    description: 'כאן יוצגו ההזמנות, סכומי המכירות והעמלות של כל חודש.',
  },
  menuManagement: {
    title: 'ניהול תפריט',
    description: 'כאן תנהלו את הקטגוריות והמוצרים שהלקוחות רואים בתפריט.',
  },
  settings: {
    title: 'הגדרות העסק',
    description: 'כאן תעדכנו את פרטי העסק, את חשבון הבנק לתשלומים, את הלוגו ואת קוד ה-QR.',
  },
} as const;

// Strings of the system administrator's screens. See he.ts.

export const heAdmin = {
  dashboard: {
    title: 'לוח ניהול המערכת',
    description: 'כאן ינוהלו חשבונות העסקים ודוחות העמלות החודשיים.',
  },
  login: {
    title: 'כניסת מנהל מערכת',
    description: 'כאן יתחבר מנהל המערכת עם מספר טלפון וקוד חד-פעמי.',
  },
} as const;

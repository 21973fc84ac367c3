// The sign-in by one-time code (components/otp-sign-in.tsx), the same words for the owner and the administrator;
// each area's file has the page's title, description and the hint under the phone.
export const otpTextHe = {
  phoneLabel: 'מספר טלפון נייד',
  sendCode: 'שליחת קוד',
  sendingCode: 'שולחים...',
  codeLabel: 'קוד אימות',
  codeHint: 'הקוד בן 6 ספרות.',
  sentTo: 'שלחנו קוד אימות ב-SMS למספר',
  verify: 'כניסה',
  verifying: 'בודקים...',
  changePhone: 'חזרה לשינוי המספר',
  resend: 'שליחת קוד חדש',
  // 'You can ask for a new code in' ... seconds ... 'seconds': the number goes between, isolated.
  resendInBefore: 'אפשר לבקש קוד חדש בעוד',
  resendInAfter: 'שניות',
} as const;

// The Hebrew text people read. The backend puts errorMessagesHe into failure envelopes; the front end uses the same
// catalogue so a code always reads the same wherever it surfaces.
import { type ErrorCode, isErrorCode } from './errors.js';

export const GENERIC_ERROR_HE = 'אירעה שגיאה, נסו שוב';

export const errorMessagesHe: Readonly<Record<ErrorCode, string>> = {
  'validation.failed': 'חלק מהפרטים שהוזנו אינם תקינים',
  'auth.unauthenticated': 'יש להתחבר מחדש כדי להמשיך',
  'auth.forbidden': 'אין לך הרשאה לבצע פעולה זו',
  'auth.step_up_required': 'לשינוי הזה נדרש קוד אימות שיישלח בהודעה לטלפון של העסק',
  not_found: 'הפריט המבוקש לא נמצא',
  'api.not_found': 'הכתובת המבוקשת לא נמצאה',
  conflict: 'הנתונים השתנו בינתיים, רעננו את הדף ונסו שוב',
  'payload.too_large': 'הקובץ או הבקשה גדולים מדי',
  'request.uri_too_long': 'הכתובת ארוכה מדי',
  'request.timeout': 'הבקשה לא הגיעה במלואה בזמן, בדקו את החיבור ונסו שוב',
  rate_limited: 'יותר מדי ניסיונות, נסו שוב בעוד מספר דקות',
  DATABASE_UNAVAILABLE: 'שירות מסד הנתונים אינו זמין כרגע, נסו שוב בעוד מספר דקות',
  internal: 'אירעה שגיאה בשרת, נסו שוב מאוחר יותר',
  'business.phone_taken': 'מספר הטלפון הזה כבר רשום במערכת',
  'business.email_taken': 'כתובת האימייל הזו כבר רשומה במערכת',
  'otp.invalid': 'קוד האימות שגוי',
  'otp.expired': 'תוקף קוד האימות פג, בקשו קוד חדש',
  'otp.too_many_attempts': 'יותר מדי ניסיונות שגויים, בקשו קוד חדש בעוד מספר דקות',
  'admin.wrong_number': 'מספר הטלפון אינו מורשה לכניסת מנהל מערכת',
  'menu.not_found': 'התפריט לא נמצא',
  'menu.unavailable': 'העסק אינו מקבל הזמנות כרגע',
  'order.price_changed': 'המחירים בתפריט עודכנו, בדקו את העגלה ונסו שוב',
  'stream.conflict': 'הפעולה התנגשה בעדכון אחר, נסו שוב',
  'sms.send_failed': 'שגיאה בשליחת הקוד, נסו שוב',
  'order.items_unavailable': 'חלק מהפריטים בעגלה אינם זמינים עוד, עדכנו את העגלה ונסו שוב',
  'order.not_found': 'ההזמנה לא נמצאה',
  'order.invalid_transition': 'לא ניתן לעדכן את ההזמנה למצב הזה',
  'order.expired': 'תוקף ההזמנה פג, נא להזמין מחדש',
  'order.already_paid': 'ההזמנה כבר שולמה',
  'order.tip_not_offered': 'העסק אינו מקבל טיפ בתשלום כרגע, נסו שוב בלי טיפ',
  'order.tip_too_large': 'הטיפ גבוה מדי: עד סכום ההזמנה ולא יותר מ־1,000 ₪',
  'test_order.no_product': 'להזמנת בדיקה צריך מוצר זמין בתפריט. הוסיפו מוצר ונסו שוב',
  'test_order.limit': 'נשלחו היום הרבה הזמנות בדיקה. אפשר לשלוח עוד מחר',
  'order.method_not_offered': 'אמצעי התשלום הזה אינו זמין בעסק כרגע, בחרו אמצעי אחר',
  'order.zero_total': 'בעגלה יש רק פריטים ללא תשלום, ולכן אין מה לשלם. הוסיפו פריט בתשלום כדי להזמין',
  'payment.provider_failed': 'שירות התשלומים אינו זמין כרגע, נסו שוב בעוד רגע',
  'payment.unknown': 'התשלום לא נמצא',
  'payment.verification_failed': 'לא ניתן לאמת את התשלום מול חברת הסליקה',
  'report.month_out_of_range': 'ניתן להציג דוחות של 12 החודשים האחרונים בלבד',
  'printer.pairing_code_invalid': 'קוד החיבור שגוי או שפג תוקפו, בקשו קוד חדש בהגדרות',
  'printer.not_paired': 'לא חוברה תוכנת הדפסה לעסק',
  'printer.offline': 'תוכנת ההדפסה אינה מחוברת כרגע',
  'printer.agent_credential_invalid': 'תוכנת ההדפסה אינה מחוברת לעסק, חברו אותה מחדש עם קוד חדש',
  'order.option_unknown': 'אחת התוספות שנבחרו אינה קיימת עוד במוצר, פתחו את המוצר ובחרו מחדש',
  'order.option_duplicate': 'אותה תוספת נבחרה פעמיים, פתחו את המוצר ובחרו מחדש',
  'order.option_sold_out': 'אחת התוספות שנבחרו אזלה, פתחו את המוצר ובחרו אחרת',
  'order.option_too_few': 'חסרה בחירה באחת מקבוצות התוספות, פתחו את המוצר והשלימו',
  'order.option_too_many': 'נבחרו יותר תוספות ממה שאפשר באחת הקבוצות, פתחו את המוצר ובחרו מחדש',
  'refund.order_not_paid': 'ההזמנה לא שולמה, ולכן אין מה להחזיר',
  'refund.fully_refunded': 'ההזמנה כבר הוחזרה במלואה',
  'refund.exceeds_remaining': 'הסכום גבוה ממה שנותר להחזיר בהזמנה הזו',
  'refund.line_unavailable': 'השורה שנבחרה אינה בהזמנה או שכבר הוחזרה במלואה',
  'refund.id_reused': 'בקשת ההחזר הזו כבר נשלחה עם פרטים אחרים',
  'refund.not_found': 'ההחזר לא נמצא',
  'refund.not_recorded': 'לא הצלחנו לרשום את ההחזר כרגע. נסו שוב בעוד רגע; החזר שכבר נשלח יושלם מעצמו',
  'credit.not_retryable': 'אי אפשר להפיק שוב את חשבונית הזיכוי של ההחזר הזה; יש להפיק אותה ידנית',
  'business.ordering_closed': 'ההזמנות סגורות כעת. אפשר לעיין בתפריט ולהזמין כשייפתח שוב',
  'order.ready_sms_unavailable': 'לא ניתן לשמור כרגע מספר להודעה כשההזמנה מוכנה. אפשר להמשיך בלי',
  'secrets.unavailable': 'שמירת סיסמאות אינה זמינה כרגע בשרת, פנו לתמיכה',
};

/** Hebrew for a code from the wire; a code this build does not know yet still reads as a polite error. */
export function messageFor(code: string | null | undefined): string {
  return isErrorCode(code) ? errorMessagesHe[code] : GENERIC_ERROR_HE;
}

// Form messages of spec §5, shared by the zod schemas (server 400s) and the forms (inline errors).
export const validationMessagesHe = {
  dinerLanguageUnknown: 'אפשר להציע רק ערבית, אנגלית ורוסית (עברית מוצעת תמיד)',
  dinerLanguageTwice: 'כל שפה נבחרת פעם אחת בלבד',
  fullNameRequired: 'נא להזין שם מלא',
  businessNameRequired: 'נא להזין את שם העסק',
  invalidEmail: 'כתובת האימייל אינה תקינה',
  idNumberInvalid: 'מספר תעודת הזהות או ח.פ. אינו תקין',
  phoneIsAccountId: 'נא להזין מספר טלפון נייד תקין, הוא המזהה הייחודי של החשבון',
  phoneDigitsOnly: 'מספר הטלפון יכול להכיל ספרות בלבד',
  phoneRequired: 'נא להזין מספר טלפון',
  invalidMobile: 'מספר הטלפון הנייד אינו תקין',
  bankRequired: 'נא לבחור בנק',
  branchRequired: 'נא להזין מספר סניף',
  accountNumberRequired: 'נא להזין מספר חשבון',
  beneficiaryNameRequired: 'נא להזין את שם המוטב',
  streetRequired: 'נא להזין רחוב ומספר בית',
  cityRequired: 'נא לבחור יישוב מהרשימה',
  cardcomApiPasswordRequired: 'נא להזין את סיסמת ה-API של מסוף קארדקום',
  // Bilingual on purpose: the spec shows this one message in both languages.
  codeFormat: 'הקוד חייב להכיל 4 או 6 ספרות / Code must be 4 or 6 digits',
  verificationCodeRequired: 'נא להזין קוד אימות',
  stepUpCodeFormat: 'הקוד חייב להכיל 6 ספרות',
  categoryNameRequired: 'נא להזין שם קטגוריה',
  productNameRequired: 'נא להזין שם מוצר',
  priceRequired: 'נא להזין מחיר',
  priceInvalid: 'נא להזין מחיר תקין עד 99,999.99 עם שתי ספרות אחרי הנקודה לכל היותר',
  categoryRequired: 'נא לבחור קטגוריה',
  invalidImageFile: 'קובץ לא תקין, נא לבחור קובץ תמונה',
  imageTooManyPixels: 'התמונה גדולה מדי, נא לבחור תמונה קטנה יותר',
  logoFileMissing: 'נא לבחור קובץ תמונה ללוגו',
  termsContentRequired: 'נא להזין את תוכן תנאי השימוש',
  cartEmpty: 'העגלה ריקה, נא להוסיף פריטים לפני התשלום',
  contactNameRequired: 'נא להזין שם',
  contactMessageRequired: 'נא להזין הודעה',
  // NUL or half an emoji (a broken surrogate pair): usually pasted from elsewhere; the database cannot keep it.
  unsupportedCharacters: 'הטקסט מכיל תו שאינו נתמך (למשל אימוג׳י פגום). נא למחוק אותו ולנסות שוב',
} as const;

// Toasts, empty states and status lines of spec §8.
export const uiMessagesHe = {
  tryAgain: 'נסו שוב',
  tryAgainLater: 'נסו שוב מאוחר יותר',
  contactErrorTitle: 'שגיאה בשליחת ההודעה',
  contactErrorDescription: 'נסו שוב מאוחר יותר או פנו לעסק באימייל',
  contactSuccessTitle: 'ההודעה נשלחה בהצלחה!',
  contactSuccessDescription: 'נחזור אליכם בהקדם האפשרי',
  registrationErrorTitle: 'שגיאה בהרשמה',
  invalidServerResponse: 'תגובה לא תקינה מהשרת',
  sendCodeErrorTitle: 'שגיאה בשליחת הקוד',
  wrongCodeTitle: 'קוד שגוי',
  codeSentTitle: 'הקוד נשלח',
  codeSentDescription: 'קוד אימות נשלח לטלפון שלך',
  categoryAddError: 'שגיאה בהוספת קטגוריה',
  categoryUpdateError: 'שגיאה בעדכון קטגוריה',
  categoryDeleteError: 'שגיאה במחיקת קטגוריה',
  productAddError: 'שגיאה בהוספת מוצר',
  productUpdateError: 'שגיאה בעדכון מוצר',
  productDeleteError: 'שגיאה במחיקת מוצר',
  uploadFailed: 'ההעלאה נכשלה',
  profileUpdateError: 'שגיאה בעדכון הפרופיל',
  logoUploadError: 'שגיאה בהעלאת הלוגו',
  logoUploaded: 'הלוגו הועלה, נדחס ונשמר',
  agentDownloadError: 'שגיאה בהורדת תוכנת ההדפסה, נסו שוב או פנו לתמיכה',
  paymentCreateError: 'שגיאה ביצירת התשלום',
  paymentSystemError: 'שגיאה במערכת התשלומים, רעננו את הדף ונסו שוב',
  businessDeleteError: 'שגיאה במחיקת העסק',
  businessToggleError: 'שגיאה בעדכון סטטוס העסק',
  accessError: 'שגיאת גישה, נסו שוב מאוחר יותר',
  adminConnectionError: 'בעיית חיבור לשרת, נסו שוב מאוחר יותר',
  wrongNumber: 'מספר שגוי',
  termsUpdateError: 'שגיאה בעדכון תנאי השימוש',
  termsUpdated: 'תנאי השימוש עודכנו בהצלחה',
  noOrdersThisMonth: 'אין הזמנות בחודש שנבחר',
  menuNotFound: 'התפריט לא נמצא',
  termsNotDefined: 'תנאי השימוש טרם הוגדרו',
  noCommissionData: 'אין נתוני עמלות לחודש זה',
  noBusinessAccounts: 'אין חשבונות עסקיים',
  dateNotAvailable: 'תאריך לא זמין',
  noInternet: 'אין חיבור לאינטרנט',
  databaseConnectionError: 'שגיאה בחיבור למסד הנתונים',
} as const;

/** "server error (502)": the payment page's toast when the server answers with an error status. */
export function serverErrorHe(status: number): string {
  return `שגיאת שרת (${status})`;
}

/** The spec's fallback when a failed response carries no message; kept as written, it is for support staff. */
export function httpErrorText(status: number, statusText: string): string {
  return `HTTP ${status}: ${statusText}`;
}

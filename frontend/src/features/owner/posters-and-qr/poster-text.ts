// Words of the table posters' PDF (decision 030): what is printed on the posters, in every language a business may
// offer its diners, and the owner's Hebrew for the card's PDF section. Kept beside the QR card rather than in
// he-owner.ts: only this card reads them, and the printed words are not the owner's screen's language.
import type { DinerLanguage } from '@tafrit/contracts/languages';
import { heOwner } from '@/i18n/he-owner';

/** The instruction under the code, in each language (Hebrew is the PNG poster's own call to action). */
export const posterInstruction: Readonly<Record<DinerLanguage, string>> = {
  he: heOwner.settings.qrPosterCallToAction,
  ar: 'امسحوا الرمز للطلب والدفع',
  en: 'Scan to order and pay',
  ru: 'Отсканируйте, чтобы заказать и оплатить',
};

/** The window poster's headline and the line over it (issue 33): an "order ahead" poster beside the table posters. */
export const windowPosterHeadline = 'הזמנה מראש';
export const windowPosterWord = 'מזמינים ומשלמים מהטלפון, אוספים בלי לחכות';

/** The word over the table's number on the poster (Hebrew: the menus are Hebrew, the number reads in any language). */
export const posterTableWord = 'שולחן';

export type PosterFormat = 'a4' | 'tent';

export const posterPdfText = {
  title: 'PDF לכל השולחנות',
  hint: 'קובץ אחד עם דף לכל שולחן, מ-1 ועד מספר השולחנות שמילאתם למעלה. בכל דף: הלוגו, שם העסק, מספר השולחן, קוד ה-QR של השולחן והוראה קצרה.',
  sharedHint:
    'קובץ אחד עם דף לכל שולחן שהוגדר בכרטיס "שולחן משותף". בכל דף: הלוגו, שם העסק, מספר השולחן, קוד ה-QR של השולחן עם הסוד שלו והוראה קצרה.',
  formatLegend: 'סוג הדף',
  formats: {
    a4: { label: 'שלט A4', hint: 'דף A4 לאורך לכל שולחן, לתלייה או למסגרת.' },
    tent: {
      label: 'כרטיס שולחן מתקפל',
      hint: 'דף A4 שמתקפל באמצע לאוהל שעומד על השולחן: רואים אותו משני הצדדים.',
    },
  } satisfies Record<PosterFormat, { label: string; hint: string }>,
  languagesLabel: 'ההוראה תודפס ב:',
  languagesLoading: 'בודקים באילו שפות התפריט מוצע...',
  hebrew: 'עברית',
  make: 'הכנת PDF לכל השולחנות',
  making: 'מכינים PDF...',
  cancel: 'ביטול',
  tablesMissing: 'כדי להכין PDF לכל השולחנות, מלאו קודם את מספר השולחנות.',
  /** "מכין עמוד 12 מתוך 40": the numbers are isolated by the caller. */
  progressPrefix: 'מכין עמוד',
  progressOf: 'מתוך',
  progressLabel: 'התקדמות הכנת ה-PDF',
  starting: 'מתחילים להכין את ה-PDF...',
  done: (pages: number) =>
    pages === 1 ? 'ה-PDF מוכן: עמוד אחד. הקובץ הורד.' : `ה-PDF מוכן: ${pages} עמודים. הקובץ הורד.`,
  cancelled: 'הכנת ה-PDF בוטלה.',
  error: 'לא הצלחנו להכין את ה-PDF, נסו שוב',
  languagesError: 'לא הצלחנו לבדוק באילו שפות התפריט מוצע, נסו שוב',
  /** The window poster (issue 33). */
  window: {
    title: 'פוסטר "הזמנה מראש" לחלון',
    hint: 'דף A4 אחד לחלון הראווה או לדלת: הקוד מוביל לכתובת התפריט לשיתוף, וההזמנות ממנו מסומנות בדוח כ"פוסטר בחלון".',
    make: 'הכנת פוסטר לחלון',
    making: 'מכינים פוסטר...',
    done: 'הפוסטר לחלון מוכן. הקובץ הורד.',
    fileFormat: 'פוסטר לחלון',
    documentTitle: (businessName: string) => `${businessName}: פוסטר הזמנה מראש`,
  },
  /** The file's name says whose posters and which format. */
  fileFormat: { a4: 'שלטי A4', tent: 'כרטיסי שולחן' } satisfies Record<PosterFormat, string>,
  /** The PDF's own title (its document properties). */
  documentTitle: (businessName: string, format: PosterFormat) =>
    `${businessName}: ${format === 'a4' ? 'שלטי QR לשולחנות' : 'כרטיסי QR לשולחנות'}`,
} as const;

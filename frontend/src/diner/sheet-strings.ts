// The product sheet's and the option lines' words, apart from strings.ts: they load with the sheet and the steps'
// code, not with the menu's first paint. Another language's come in its pack (text-en.ts and the others).
import { useLanguage } from './language';

export interface SheetStrings {
  close: string;
  required: string;
  chooseOne: string;
  upTo(max: number): string;
  atLeast(min: number): string;
  none: string;
  soldOut: string;
  quantity: string;
  minus: string;
  plus: string;
  add: string;
  save: string;
  /** Why the add button cannot add yet: announced with the button and when it is tapped. */
  missing(group: string, min: number): string;
  tooMany(group: string, max: number): string;
  soldOutChosen: string;
  price: string;
  edit: string;
  editName(name: string): string;
  choices: string;
  /** A "without" choice worded as such, when its name does not say it. */
  without(name: string): string;
  editFailed: string;
  unavailable: string;
}

export const heSheet: SheetStrings = {
  close: 'סגירה',
  required: 'חובה',
  chooseOne: 'בחירה אחת',
  upTo: (max: number) => `עד ${max}`,
  atLeast: (min: number) => `לפחות ${min}`,
  none: 'ללא',
  soldOut: 'אזל',
  quantity: 'כמות',
  minus: 'הפחתת יחידה',
  plus: 'הוספת יחידה',
  add: 'הוספה לעגלה',
  save: 'שמירת השינויים',
  /** Why the add button cannot add yet: announced with the button and when it is tapped. */
  missing: (group: string, min: number) => (min <= 1 ? `יש לבחור ${group}` : `יש לבחור לפחות ${min} ב${group}`),
  tooMany: (group: string, max: number) => `אפשר לבחור עד ${max} ב${group}`,
  soldOutChosen: 'אחת הבחירות אזלה, יש לבחור אחרת',
  price: 'מחיר',
  edit: 'עריכה',
  editName: (name: string) => `של ${name}`,
  choices: 'בחירות',
  /** A "without" choice worded as such, when its name does not say it. */
  without: (name: string) => (/^בלי\s/.test(name) ? name : `בלי ${name}`),
  editFailed: 'לא הצלחנו לפתוח את המנה. נסו שוב.',
  unavailable: 'המנה אינה בתפריט כעת',
};

/** The sheet's words in the diner's language. */
export const useSheetText = (): SheetStrings => useLanguage().pack?.sheet ?? heSheet;

// Every message a person can see is in the page's language. Schemas name their own Hebrew messages where the wording
// matters; anything they do not name (a body that is not an object, a field of the wrong type, a length a schema
// states without a message) would otherwise reach people in zod's English ("Invalid input: expected object..."). This
// global map is zod's lowest-priority custom one: a schema's own message always wins over it.
import { z } from 'zod';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const INVALID = 'הערך שהוזן אינו תקין';
const REQUIRED = 'שדה חובה';

function sizeLimit(issue: RawIssue & { code: 'too_big' | 'too_small' }): string {
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const big = issue.code === 'too_big';
  switch (issue.origin) {
    case 'string':
      if (!big && limit <= 1) return REQUIRED;
      return big ? `ניתן להזין עד ${limit} תווים` : `יש להזין לפחות ${limit} תווים`;
    case 'array':
    case 'set':
      if (!big && limit <= 1) return 'יש לבחור לפחות פריט אחד';
      return big ? `ניתן לבחור עד ${limit} פריטים` : `יש לבחור לפחות ${limit} פריטים`;
    case 'number':
    case 'int':
    case 'bigint':
      return big ? `הערך חייב להיות ${limit} לכל היותר` : `הערך חייב להיות ${limit} לפחות`;
    case 'file':
      return big ? 'הקובץ גדול מדי' : 'הקובץ קטן מדי';
    default:
      return INVALID;
  }
}

/** The Hebrew message of an issue whose schema names none. */
export function hebrewIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? REQUIRED : INVALID;
    case 'too_big':
    case 'too_small':
      return sizeLimit(issue);
    case 'invalid_format':
      if (issue.format === 'email') return 'כתובת האימייל אינה תקינה';
      if (issue.format === 'url') return 'הכתובת אינה תקינה';
      return INVALID;
    case 'invalid_value':
      return 'נא לבחור אחת מהאפשרויות';
    case 'unrecognized_keys':
      return 'הבקשה כוללת שדות לא מוכרים';
    default:
      return INVALID;
  }
}

z.config({ customError: hebrewIssueMessage });

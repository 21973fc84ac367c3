import { z } from 'zod';

/** A yes/no setting as people write one in an environment: 1/0, true/false, yes/no, on/off. */
export const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'expected true or false' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

// Israeli mobiles only: 05X followed by 7 digits, written locally or as +972.
export const adminPhone = z.string().regex(/^(?:\+972|0)5\d{8}$/, 'expected Israeli mobile numbers like 0547654321');

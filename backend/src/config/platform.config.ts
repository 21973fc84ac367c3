import { z } from 'zod';

/**
 * The platform as an issuer of tax documents: the issuer on its monthly commission tax invoices (decision 025) and the
 * maker the uniform structure's files name (issue 32, decision 048). The defaults are the demo's: a real deployment
 * sets its company's registered name, dealer number (עוסק מורשה / ח.פ.) and address.
 */
export const platformEnvironment = {
  PLATFORM_NAME: z.string().trim().min(1).max(100).default('תפריט בע"מ (הדגמה)'),
  PLATFORM_DEALER_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'expected the 9-digit dealer or company number')
    .default('000000000'),
  PLATFORM_ADDRESS: z.string().trim().min(1).max(200).default('רחוב הדוגמה 1, תל אביב-יפו'),
  // The software's registration number with the Tax Authority (תעודת רישום תוכנה), which the uniform structure's
  // opening record carries; zeros until the product is registered.
  SOFTWARE_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'expected the registration number, up to 8 digits')
    .default('00000000'),
};

export interface PlatformConfig {
  name: string;
  dealerNumber: string;
  address: string;
  /** Eight digits, zero-padded. */
  softwareRegistrationNumber: string;
}

type PlatformValues = { [Key in keyof typeof platformEnvironment]: z.output<(typeof platformEnvironment)[Key]> };

export function platformConfig(values: PlatformValues): PlatformConfig {
  return {
    name: values.PLATFORM_NAME,
    dealerNumber: values.PLATFORM_DEALER_NUMBER,
    address: values.PLATFORM_ADDRESS,
    softwareRegistrationNumber: values.SOFTWARE_REGISTRATION_NUMBER.padStart(8, '0'),
  };
}

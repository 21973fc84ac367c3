import { z } from 'zod';
import { ConfigError } from './config.js';

/**
 * The Tax Authority's invoices API (allocation numbers, decision 047). Read apart from config.ts (which is at its size
 * limit), by the same rules: validated once when the app starts (the module's factory calls it), every bad variable
 * reported together, in English for the operator.
 */
const environmentSchema = z.object({
  TAX_AUTHORITY_API_URL: z
    .url({ message: 'expected an absolute URL such as https://ita-api.taxes.gov.il/shaam/production' })
    .optional(),
  // Where the authorised person signs in and tokens are issued, when not under the API's own URL.
  TAX_AUTHORITY_AUTH_URL: z.url({ message: 'expected an absolute URL' }).optional(),
  TAX_AUTHORITY_CLIENT_ID: z.string().trim().min(1).optional(),
  TAX_AUTHORITY_CLIENT_SECRET: z.string().trim().min(1).optional(),
  // accounting_software_number: the software's registration certificate number (up to 9 digits).
  TAX_AUTHORITY_SOFTWARE_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'expected the registration certificate number (up to 9 digits)')
    .optional(),
  // Registered with the app in the Authority's developer portal; by default PUBLIC_URL's callback.
  TAX_AUTHORITY_REDIRECT_URI: z.url({ message: 'expected an absolute URL' }).optional(),
  TAX_AUTHORITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export interface TaxAuthorityConfig {
  /** The API's base, e.g. `https://ita-api.taxes.gov.il/shaam/production`; `Invoices/v2/Approval` is under it. */
  apiUrl: string;
  /** The base of `longtimetoken/oauth2/{authorize,token}`; the API's base unless set apart. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  softwareNumber: string;
  /** Every call to the Authority is abandoned after this long. */
  timeoutMs: number;
}

const CONNECTION = [
  'TAX_AUTHORITY_API_URL',
  'TAX_AUTHORITY_CLIENT_ID',
  'TAX_AUTHORITY_CLIENT_SECRET',
  'TAX_AUTHORITY_SOFTWARE_NUMBER',
] as const;

const englishErrors = z.locales.en().localeError;

/**
 * All four connection variables, or none: none means "not connected" (undefined) and every request for a number
 * answers unavailable; half a connection would only show when a buyer asks for a number, so it stops the start.
 * `publicUrl` is AppConfig's, for the default redirect URI.
 */
export function loadTaxAuthorityConfig(env: NodeJS.ProcessEnv, publicUrl: string): TaxAuthorityConfig | undefined {
  const parsed = environmentSchema.safeParse(env, { error: (issue) => englishErrors?.(issue) });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const missing = CONNECTION.filter((name) => !values[name]);
  if (missing.length === CONNECTION.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      missing.map((name) => `${name}: required when any TAX_AUTHORITY_* connection variable is set`),
    );
  }
  const apiUrl = (values.TAX_AUTHORITY_API_URL as string).replace(/\/$/, '');
  return {
    apiUrl,
    authUrl: (values.TAX_AUTHORITY_AUTH_URL ?? apiUrl).replace(/\/$/, ''),
    clientId: values.TAX_AUTHORITY_CLIENT_ID as string,
    clientSecret: values.TAX_AUTHORITY_CLIENT_SECRET as string,
    redirectUri: values.TAX_AUTHORITY_REDIRECT_URI ?? `${publicUrl}/api/owner/tax-authority/callback`,
    softwareNumber: values.TAX_AUTHORITY_SOFTWARE_NUMBER as string,
    timeoutMs: values.TAX_AUTHORITY_TIMEOUT_MS,
  };
}

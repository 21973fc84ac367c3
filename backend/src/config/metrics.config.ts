import { z } from 'zod';
import { ConfigError } from './config.js';

/**
 * The bearer token Prometheus sends for GET /metrics (METRICS_TOKEN, decision 059). Read apart from config.ts (which is
 * at its size limit), by the same rules: validated once when the app starts (the metrics controller's constructor
 * reads it), in English for the operator. Unset or empty: no metrics are served (/metrics answers 404).
 */
const environmentSchema = z.object({
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^(.{32,})?$/, 'must be at least 32 characters')
    .optional(),
});

const englishErrors = z.locales.en().localeError;

export function loadMetricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const parsed = environmentSchema.safeParse(env, { error: (issue) => englishErrors?.(issue) });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data.METRICS_TOKEN || undefined;
}

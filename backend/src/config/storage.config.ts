import { z } from 'zod';

const emptyIsUnset = (value: string | undefined) => value || undefined;

/**
 * Where product photos and logos are kept (decision 060). Unset: files under DATA_DIR/uploads, the embedded default.
 * `s3://BUCKET/PREFIX`: an S3-compatible bucket, reached with the AWS SDK's own variables, so an operator configures
 * it as any AWS tool (and a machine role or profile works when no keys are given).
 */
export const storageEnvironment = {
  STORAGE_URL: z
    .string()
    .trim()
    // A bucket name as S3 allows it (3 to 63 lower-case letters, digits, dots and hyphens), then an optional prefix.
    .regex(
      /^(s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?)?$/,
      'expected s3://bucket or s3://bucket/prefix',
    )
    .optional()
    .transform(emptyIsUnset),
  AWS_ENDPOINT_URL_S3: z
    .union([z.literal(''), z.url({ message: 'expected an absolute URL such as http://minio:9000' })])
    .optional()
    .transform(emptyIsUnset),
  AWS_REGION: z.string().trim().optional().transform(emptyIsUnset),
  AWS_ACCESS_KEY_ID: z.string().trim().optional().transform(emptyIsUnset),
  AWS_SECRET_ACCESS_KEY: z.string().trim().optional().transform(emptyIsUnset),
  AWS_SESSION_TOKEN: z.string().trim().optional().transform(emptyIsUnset),
};

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Without slashes at either end; empty for the bucket's root. */
      prefix: string;
      /** An S3-compatible server's address (MinIO, R2, a test server): path-style addressing is used with it. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the SDK's own chain (a profile, a machine role). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

type StorageValues = { [Key in keyof typeof storageEnvironment]: z.output<(typeof storageEnvironment)[Key]> };

export function storageConfig(values: StorageValues): { storage: StorageConfig; problems: string[] } {
  if (!values.STORAGE_URL) return { storage: { kind: 'local' }, problems: [] };
  const [bucket = '', ...rest] = values.STORAGE_URL.slice('s3://'.length).split('/');
  const keys = [values.AWS_ACCESS_KEY_ID, values.AWS_SECRET_ACCESS_KEY];
  // One key without the other would fail every request; the SDK's own chain is used only when neither is given.
  const problems = keys.filter(Boolean).length === 1 ? ['AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: give both'] : [];
  if (!values.AWS_REGION && !values.AWS_ENDPOINT_URL_S3) {
    problems.push('AWS_REGION: required when STORAGE_URL names an AWS bucket (or set AWS_ENDPOINT_URL_S3)');
  }
  return {
    storage: {
      kind: 's3',
      bucket,
      prefix: rest.filter(Boolean).join('/'),
      endpoint: values.AWS_ENDPOINT_URL_S3,
      // S3-compatible servers mostly ignore the region, but the SDK signs with one.
      region: values.AWS_REGION ?? 'us-east-1',
      credentials:
        values.AWS_ACCESS_KEY_ID && values.AWS_SECRET_ACCESS_KEY
          ? {
              accessKeyId: values.AWS_ACCESS_KEY_ID,
              secretAccessKey: values.AWS_SECRET_ACCESS_KEY,
              ...(values.AWS_SESSION_TOKEN ? { sessionToken: values.AWS_SESSION_TOKEN } : {}),
            }
          : undefined,
    },
    problems,
  };
}

import { readFileSync } from 'node:fs';

// The same depth from src/ and from dist/: modules/backup/application -> the repository root.
const ROOT_PACKAGE_JSON = new URL('../../../../../package.json', import.meta.url);

/** The product's version as a backup records it (the root package.json's). */
export function productVersion(): string {
  try {
    return (JSON.parse(readFileSync(ROOT_PACKAGE_JSON, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SmsMessage, SmsSender } from './sms.port.js';

/**
 * The development and test gateway: every message becomes one JSON line `{ to, text, kind, at }` in a file (tests
 * and newcomers read their sign-in codes there) and on the console. It is a real code path of the product, not a mock.
 */
export class LogSmsSender implements SmsSender {
  readonly provider = 'log';

  constructor(private readonly options: { file: string; print: boolean }) {}

  async send({ to, text, kind }: SmsMessage): Promise<void> {
    const line = JSON.stringify({ to, text, kind, at: new Date().toISOString() });
    await mkdir(dirname(this.options.file), { recursive: true });
    // One write per line with O_APPEND: concurrent senders never interleave inside a line. The file holds live
    // codes, so only the server's user may read it.
    await appendFile(this.options.file, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
    if (this.options.print) console.log(`[sms] ${line}`);
  }
}

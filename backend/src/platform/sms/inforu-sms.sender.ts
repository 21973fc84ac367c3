import type { InforuConfig } from '../../config/config.js';
import { SmsDeliveryError, type SmsMessage, type SmsSender } from './sms.port.js';

const SEND_SMS_PATH = '/api/v2/SMS/SendSms';
// InforU answers StatusId 1 when it accepted the message; anything else carries a StatusDescription.
const ACCEPTED = 1;

/**
 * InforU's REST API v2 (`POST {apiUrl}/api/v2/SMS/SendSms`): Basic auth with the user name and an API token, the
 * message wrapped in `Data` with its recipients and sender. Recipients go in international form without the plus
 * (`972547654321`).
 */
export class InforuSmsSender implements SmsSender {
  readonly provider = 'inforu';
  private readonly authorization: string;

  constructor(
    private readonly config: InforuConfig,
    private readonly timeoutMs = 10_000,
  ) {
    this.authorization = `Basic ${Buffer.from(`${config.username}:${config.apiToken}`, 'utf8').toString('base64')}`;
  }

  async send({ to, text }: SmsMessage): Promise<void> {
    const body = {
      Data: {
        Message: text,
        Recipients: [{ Phone: to.replace(/^\+/, '') }],
        Settings: { Sender: this.config.sender },
      },
    };
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${SEND_SMS_PATH}`, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/json; charset=utf-8',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        // A hung gateway must not hold the owner's request (or a connection) for long.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsDeliveryError(this.provider, 'gateway unreachable', { cause: error });
    }
    const answer = (await response.json().catch(() => null)) as {
      StatusId?: unknown;
      StatusDescription?: unknown;
      DetailedDescription?: unknown;
    } | null;
    if (!response.ok || answer?.StatusId !== ACCEPTED) {
      const detail = [answer?.StatusDescription, answer?.DetailedDescription].filter(Boolean).join(': ');
      throw new SmsDeliveryError(
        this.provider,
        `HTTP ${response.status}, StatusId ${String(answer?.StatusId)}${detail ? ` (${detail})` : ''}`,
      );
    }
  }
}

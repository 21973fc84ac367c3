import type { CardcomConfig } from '../../../config/config.js';
import type {
  OpenedPaymentPage,
  OpenPaymentPageRequest,
  PaymentProvider,
  PaymentResult,
  TerminalChoice,
} from '../payment-provider.port.js';
import { createCardcomClient, type CardcomClient } from './cardcom-client.js';
import {
  CREATE_PATH,
  GET_RESULT_PATH,
  cardcomTerminal,
  fromCreateLowProfileResponse,
  fromLowProfileResult,
  toCreateLowProfile,
} from './cardcom-mapping.js';

/**
 * Cardcom REST API v11 hosted payment pages (LowProfile). Charges on the business's own terminal when it has one,
 * else on the platform's; the API password is never needed for these two calls and never sent.
 */
export class CardcomPaymentProvider implements PaymentProvider {
  readonly name = 'cardcom' as const;
  private readonly post: CardcomClient;

  constructor(
    private readonly config: CardcomConfig,
    options: { fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {
    this.post = createCardcomClient({ apiUrl: config.apiUrl, ...options });
  }

  async openPaymentPage(request: OpenPaymentPageRequest): Promise<OpenedPaymentPage> {
    const body = toCreateLowProfile(request, cardcomTerminal(request.terminal, this.config));
    return fromCreateLowProfileResponse(await this.post(CREATE_PATH, body));
  }

  async getResult(lowProfileId: string, terminal: TerminalChoice): Promise<PaymentResult> {
    const body = { ...cardcomTerminal(terminal, this.config), LowProfileId: lowProfileId };
    return fromLowProfileResult(await this.post(GET_RESULT_PATH, body), lowProfileId);
  }
}

import { PaymentProviderError } from '../payment-provider.port.js';

export interface CardcomClientOptions {
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type CardcomClient = (path: string, body: object) => Promise<unknown>;

/**
 * POSTs JSON to Cardcom and returns the parsed answer of a 2xx. Everything else (unreachable, slow, non-2xx, not
 * JSON) is a `PaymentProviderError` whose message names the path and status only: request bodies carry credentials.
 */
export function createCardcomClient({ apiUrl, fetch: send = fetch, timeoutMs = 10_000 }: CardcomClientOptions) {
  const base = apiUrl.replace(/\/+$/, '');
  const client: CardcomClient = async (path, body) => {
    // One signal covers the headers and the body: a server that stalls mid-answer is as slow as one that never answers.
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await send(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const timedOut = signal.aborted;
      const failure = new PaymentProviderError(
        timedOut ? `Cardcom ${path} timed out after ${timeoutMs} ms` : `Cardcom ${path} unreachable`,
        timedOut ? 'timeout' : 'network',
      );
      // The network error itself, which never holds the request.
      failure.cause = error;
      throw failure;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (status < 200 || status > 299) {
      // 400 and 401 carry Cardcom's ErrorInfo { ResponseCode, Description }.
      const info = answer as { ResponseCode?: unknown; Description?: unknown } | undefined;
      const description = typeof info?.Description === 'string' ? `: ${info.Description.slice(0, 200)}` : '';
      throw new PaymentProviderError(
        `Cardcom ${path} answered HTTP ${status}${description}`,
        typeof info?.ResponseCode === 'number' ? String(info.ResponseCode) : `http-${status}`,
      );
    }
    if (answer === undefined || answer === null || typeof answer !== 'object') {
      throw new PaymentProviderError(`Cardcom ${path} answered HTTP ${status} without a JSON object`, 'parse');
    }
    return answer;
  };
  return client;
}

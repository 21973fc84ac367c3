import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InforuRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export type InforuBehaviour = 'accept' | 'refuse' | 'http-500' | 'garbage';

/**
 * A small stand-in for InforU's REST API v2 on 127.0.0.1: it takes `POST /api/v2/SMS/SendSms` as InforU documents it
 * (Basic auth, JSON `{ Data: { Message, Recipients: [{ Phone }], Settings: { Sender } } }`) and answers with
 * `StatusId` 1 when the request is well formed, like the real gateway.
 */
export async function startFakeInforu(credentials: { username: string; apiToken: string }) {
  const requests: InforuRequest[] = [];
  let behaviour: InforuBehaviour = 'accept';
  const expectedAuth = `Basic ${Buffer.from(`${credentials.username}:${credentials.apiToken}`).toString('base64')}`;

  const server: Server = createServer((request, response) => {
    void readBody(request).then((text) => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text: the test sees what came.
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      });
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (request.method !== 'POST' || request.url !== '/api/v2/SMS/SendSms')
        return answer(404, { Message: 'no route' });
      if (request.headers.authorization !== expectedAuth) {
        return answer(200, { StatusId: -2, StatusDescription: 'Error', DetailedDescription: 'Authentication failed' });
      }
      if (behaviour === 'http-500') return answer(500, { Message: 'An error has occurred.' });
      if (behaviour === 'garbage') return answer(200, '<html>maintenance</html>');
      if (behaviour === 'refuse' || !wellFormed(body)) {
        return answer(200, { StatusId: -18, StatusDescription: 'Error', DetailedDescription: 'Sender not approved' });
      }
      return answer(200, {
        StatusId: 1,
        StatusDescription: 'Success',
        DetailedDescription: '',
        FunctionName: 'SendSms',
        RequestId: 'test',
        Data: { Recipients: 1, Errors: null },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(next: InforuBehaviour) {
      behaviour = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function wellFormed(body: unknown): boolean {
  const data = (body as { Data?: { Message?: unknown; Recipients?: unknown; Settings?: { Sender?: unknown } } })?.Data;
  return (
    typeof data?.Message === 'string' &&
    data.Message.length > 0 &&
    Array.isArray(data.Recipients) &&
    data.Recipients.length > 0 &&
    data.Recipients.every(
      (recipient: { Phone?: unknown }) => typeof recipient.Phone === 'string' && /^\d{9,15}$/.test(recipient.Phone),
    ) &&
    typeof data.Settings?.Sender === 'string'
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

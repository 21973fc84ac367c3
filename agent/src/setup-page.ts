// Pairing without a terminal: a small page on 127.0.0.1 where the owner types the pairing code, picks a printer the
// system knows or types a network printer's address, and chooses "start with the computer". A random path token
// and a Host check keep other web pages (and DNS rebinding) from posting to it. Plain HTML forms: no script.
import { pairingCodeSchema } from '@tafrit/contracts/printing';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentInfoFor } from './agent-info.js';
import { saveConfig, type AgentConfig } from './config.js';
import { ServerError, fetchTestSlip, pairAgent } from './http.js';
import { createPrinter, shortReason } from './printer/index.js';
import { renderForm, renderDone, type FormState } from './setup-html.js';
import type { SystemPrinter } from './system-printers.js';

export interface SetupOptions {
  dir: string;
  server?: string;
  port?: number;
  listPrinters: () => Promise<SystemPrinter[]>;
  /** Writes (true) or removes (false) the login entry; answers a line to show. */
  autostart: (enabled: boolean) => Promise<void>;
}

export interface SetupPage {
  url: string;
  /** Settles once the agent is paired and saved. */
  paired: Promise<AgentConfig>;
  close(): Promise<void>;
}

const readForm = async (request: IncomingMessage): Promise<URLSearchParams> => {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 10_000) break;
  }
  return new URLSearchParams(text);
};

const send = (response: ServerResponse, status: number, html: string) => {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    'x-frame-options': 'DENY',
  });
  response.end(html);
};

/** `192.168.1.50`, `192.168.1.50:9100` or `tcp://…` to a printer spec. */
export const networkSpec = (address: string): string | null => {
  const trimmed = address.trim().replace(/^tcp:\/\//i, '');
  if (!/^[\w.-]+(:\d{1,5})?$/.test(trimmed)) return null;
  return `tcp://${trimmed.includes(':') ? trimmed : `${trimmed}:9100`}`;
};

const normalServer = (value: string): string | null => {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    return null;
  }
};

export const startSetupPage = async (options: SetupOptions): Promise<SetupPage> => {
  const token = randomBytes(16).toString('hex');
  let resolvePaired!: (config: AgentConfig) => void;
  const paired = new Promise<AgentConfig>((resolve) => (resolvePaired = resolve));
  let port = 0;

  const submit = async (form: URLSearchParams, printers: SystemPrinter[]): Promise<[number, string, AgentConfig?]> => {
    const state: FormState = {
      server: form.get('server') ?? '',
      code: form.get('code') ?? '',
      // An address typed without ticking "network printer" means that printer all the same.
      printer: form.get('printer') || ((form.get('address') ?? '').trim() ? 'network' : ''),
      address: form.get('address') ?? '',
      autostart: form.get('autostart') === 'on',
      errors: {},
    };
    const server = normalServer(state.server);
    if (!server) state.errors.server = 'כתובת האתר שגויה. העתיקו אותה מכרטיס ההדפסה בהגדרות, למשל https://tafrit.co.il';
    const code = pairingCodeSchema.safeParse(state.code);
    if (!code.success) state.errors.code = 'קוד החיבור שגוי: 8 אותיות וספרות, למשל ABCD-2345';
    const spec = state.printer === 'network' ? networkSpec(state.address) : state.printer;
    if (state.printer === 'network' && !spec) state.errors.address = 'כתובת המדפסת שגויה, למשל 192.168.1.50';
    else if (!spec || (state.printer !== 'network' && !printers.some((printer) => printer.spec === spec)))
      state.errors.printer = 'בחרו מדפסת מהרשימה או הקלידו כתובת של מדפסת רשת';
    if (Object.keys(state.errors).length > 0 || !server || !code.success || !spec)
      return [400, renderForm(state, printers)];

    const printer = createPrinter(spec);
    const listed = printers.find((candidate) => candidate.spec === spec);
    const info = agentInfoFor(printer, listed?.name);
    try {
      const answer = await pairAgent({ server, code: code.data, agent: info });
      const config: AgentConfig = {
        server,
        agentId: answer.agentId,
        agentSecret: answer.agentSecret,
        businessName: answer.businessName,
        printer: spec,
        printerName: info.printerName,
      };
      await saveConfig(options.dir, config);
      let autostartNote: string | null = null;
      await options.autostart(state.autostart).catch((error: unknown) => {
        autostartNote = `לא הצלחנו להגדיר הפעלה עם המחשב: ${shortReason(error)}`;
      });
      let testPrint: string | null = null;
      try {
        const slip = await fetchTestSlip(config);
        await printer.print(Buffer.from(slip.escposBase64, 'base64'));
      } catch (error) {
        testPrint = shortReason(error);
      }
      return [
        200,
        renderDone({
          businessName: answer.businessName,
          printerName: info.printerName,
          testPrint,
          autostartNote,
          autostart: state.autostart,
        }),
        config,
      ];
    } catch (error) {
      state.errors.form =
        error instanceof ServerError
          ? `${error.message} (אם הקוד פג, צרו קוד חדש בהגדרות)`
          : `אין חיבור לאתר ${server}: ${shortReason(error)}`;
      return [400, renderForm(state, printers)];
    }
  };

  const http = createServer((request, response) => {
    void (async () => {
      const hostOk = request.headers.host === `127.0.0.1:${port}` || request.headers.host === `localhost:${port}`;
      const path = (request.url ?? '').split('?')[0];
      if (!hostOk || path !== `/${token}/`) return send(response, 404, 'not found');
      const printers = await options.listPrinters();
      if (request.method === 'GET') {
        const initial: FormState = {
          server: options.server ?? '',
          code: '',
          printer: '',
          address: '',
          autostart: true,
          errors: {},
        };
        return send(response, 200, renderForm(initial, printers));
      }
      if (request.method === 'POST') {
        const [status, html, config] = await submit(await readForm(request), printers);
        // Settled once the success page has left, so closing the server never cuts it.
        if (config) response.once('finish', () => resolvePaired(config));
        return send(response, status, html);
      }
      return send(response, 405, 'method not allowed');
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, `שגיאה: ${shortReason(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  port = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    paired,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
};

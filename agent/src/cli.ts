// tafrit-agent: start | setup | pair | run | test-print | status. Exit codes: 0 done, 1 failure, 2 not paired yet (or a usage
// error), 3 this agent was replaced or revoked and must be paired again.
import { AGENT_VERSION, pairingCodeSchema } from '@tafrit/contracts/printing';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAgent } from './agent.js';
import { agentInfoFor } from './agent-info.js';
import { ConfigMissingError, PRINTED_FILE, configDir, loadConfig, saveConfig, type AgentConfig } from './config.js';
import { CREDENTIAL_INVALID_CODE, ServerError, fetchAgentStatus, fetchTestSlip, pairAgent } from './http.js';
import { openPrintedMemory } from './printed-memory.js';
import { PrinterSpecError, createPrinter, shortReason, type Printer } from './printer/index.js';
import { openSetupPage } from './setup.js';

export const EXIT = { ok: 0, failed: 1, notPaired: 2, pairAgain: 3 } as const;

class CliExit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const USAGE = `tafrit-agent ${AGENT_VERSION}: the kitchen printer agent / סוכן ההדפסה של תפריט

  start [--server URL]                                    set up in the browser if not paired, then run / הפעלה
  setup [--server URL] [--port N] [--no-open]             pair on a local web page / חיבור בדף במחשב
  pair CODE --server URL [--printer SPEC] [--name NAME]   pair with a business / חיבור לעסק
  run [--printer SPEC]                                    print the slips until stopped / הדפסה עד לעצירה
  test-print [--printer SPEC]                             print a test slip / הדפסת דף בדיקה
  status                                                  show the pairing and the server's view / מצב

Printer specs / מדפסות:
  tcp://HOST:PORT      network printer (default port 9100) / מדפסת רשת
  cups:NAME            Mac/Linux printer, raw (lp -d NAME -o raw) / מדפסת מותקנת
  windows:\\\\HOST\\SHARE  or  windows:SHARE   a shared Windows printer / מדפסת משותפת בווינדוס
  file:PATH            append the bytes to a file or device / כתיבה לקובץ או להתקן

Settings folder / תיקיית ההגדרות: ${configDir()}`;

const log = (line: string) => console.log(`[${new Date().toISOString()}] ${line}`);

const notPaired = () =>
  new CliExit(
    EXIT.notPaired,
    'הסוכן עדיין לא חובר לעסק. הריצו קודם: node tafrit-agent.mjs pair CODE --server URL --printer tcp://IP:9100\n' +
      'This agent is not paired yet. Run `pair` first: node tafrit-agent.mjs pair CODE --server URL --printer tcp://IP:9100',
  );

const pairAgainMessage =
  'החיבור של הסוכן בוטל או הוחלף בסוכן אחר. צרו קוד חיבור חדש בהגדרות העסק והריצו pair שוב.\n' +
  'This agent was revoked or replaced by another one. Create a new pairing code in the settings and run `pair` again.';

const requireConfig = async (dir: string): Promise<AgentConfig> => {
  try {
    return await loadConfig(dir);
  } catch (error) {
    if (error instanceof ConfigMissingError) throw notPaired();
    throw error;
  }
};

const printerFrom = (spec: string | undefined | null): Printer => {
  if (!spec) {
    if (process.platform === 'win32') {
      throw new CliExit(
        EXIT.notPaired,
        'לא הוגדרה מדפסת: הוסיפו --printer tcp://IP:9100 או --printer windows:SHARE\n' +
          'No printer set: add --printer tcp://IP:9100 or --printer windows:SHARE',
      );
    }
    return createPrinter('cups:'); // the system's default printer
  }
  try {
    return createPrinter(spec);
  } catch (error) {
    if (error instanceof PrinterSpecError) throw new CliExit(EXIT.notPaired, error.message);
    throw error;
  }
};

const serverFailure = (error: unknown): never => {
  if (error instanceof ServerError) {
    if (error.code === CREDENTIAL_INVALID_CODE || error.status === 401)
      throw new CliExit(EXIT.pairAgain, pairAgainMessage);
    throw new CliExit(EXIT.failed, error.message);
  }
  throw error;
};

const pair = async (dir: string, positionals: string[], values: Options) => {
  const code = positionals[0];
  if (!code || !values.server)
    throw new CliExit(EXIT.notPaired, `usage: pair CODE --server URL [--printer SPEC]\n\n${USAGE}`);
  const parsedCode = pairingCodeSchema.safeParse(code);
  if (!parsedCode.success) {
    throw new CliExit(
      EXIT.notPaired,
      `קוד החיבור שגוי: 8 אותיות וספרות, למשל ABCD-2345 / invalid pairing code: ${code}`,
    );
  }
  let server: string;
  try {
    const url = new URL(values.server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    server = url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    throw new CliExit(EXIT.notPaired, `כתובת השרת שגויה / invalid server address: ${values.server}`);
  }
  const printer = printerFrom(values.printer);
  const info = agentInfoFor(printer, values.name);
  const answer = await pairAgent({ server, code: parsedCode.data, agent: info }).catch(serverFailure);
  const path = await saveConfig(dir, {
    server,
    agentId: answer.agentId,
    agentSecret: answer.agentSecret,
    businessName: answer.businessName,
    printer: printer.spec,
    printerName: info.printerName,
  });
  console.log(`חובר בהצלחה לעסק "${answer.businessName}" / paired with "${answer.businessName}"`);
  console.log(`printer / מדפסת: ${info.printerName} (${printer.spec})`);
  console.log(`settings saved to / ההגדרות נשמרו ב: ${path}`);
  console.log('next / השלב הבא: node tafrit-agent.mjs test-print, then node tafrit-agent.mjs run');
};

const run = async (dir: string, values: Options): Promise<number> => {
  const config = await requireConfig(dir);
  const printer = printerFrom(values.printer ?? config.printer);
  const memory = await openPrintedMemory(join(dir, PRINTED_FILE));
  const agent = createAgent({
    server: config.server,
    agentId: config.agentId,
    agentSecret: config.agentSecret,
    info: agentInfoFor(printer, values.printer ? values.name : (values.name ?? config.printerName)),
    printer,
    memory,
    log,
  });
  log(`tafrit-agent ${AGENT_VERSION}: "${config.businessName}", printer ${printer.spec}, server ${config.server}`);
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the current slip and stopping / מסיים את הדף הנוכחי ונעצר`);
    void agent.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  agent.start();
  const end = await agent.ended;
  if (end === 'stopped') return EXIT.ok;
  console.error(pairAgainMessage);
  return EXIT.pairAgain;
};

const testPrint = async (dir: string, values: Options) => {
  const config = await requireConfig(dir);
  const printer = printerFrom(values.printer ?? config.printer);
  const slip = await fetchTestSlip(config).catch(serverFailure);
  try {
    await printer.print(Buffer.from(slip.escposBase64, 'base64'));
  } catch (error) {
    throw new CliExit(EXIT.failed, `ההדפסה נכשלה / printing failed (${printer.spec}): ${shortReason(error)}`);
  }
  console.log(`דף הבדיקה הודפס / the test slip was printed (${printer.spec})`);
};

const status = async (dir: string) => {
  const config = await requireConfig(dir);
  console.log(`business / עסק:      ${config.businessName}`);
  console.log(`server / שרת:        ${config.server}`);
  console.log(`agent id / מזהה:     ${config.agentId}`);
  console.log(`printer / מדפסת:     ${config.printerName ?? '-'} (${config.printer ?? 'default printer'})`);
  console.log(`settings / הגדרות:   ${dir}`);
  const answer = await fetchAgentStatus(config).catch(serverFailure);
  console.log(`online / מחובר:      ${answer.isOnline ? 'yes / כן' : 'no / לא'}`);
  console.log(`last seen / נראה:    ${answer.lastSeen ?? '-'}`);
  console.log(`server printer:      ${answer.printerName ?? '-'}`);
  console.log(`paper / נייר:        ${answer.paperWidth}`);
  console.log(`pending / ממתינים:   ${answer.pendingSlips}`);
};

type Options = {
  server?: string;
  printer?: string;
  name?: string;
  port?: string;
  'no-open'?: boolean;
  help?: boolean;
  version?: boolean;
};

const setup = async (dir: string, values: Options) => {
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536))
    throw new CliExit(EXIT.notPaired, `--port: מספר בין 0 ל-65535 / a port number: ${values.port}`);
  const existing = await loadConfig(dir).catch(() => null);
  await openSetupPage({ dir, server: values.server ?? existing?.server, port, open: !values['no-open'], log });
};

const isPaired = (dir: string) =>
  loadConfig(dir).then(
    () => true,
    () => false,
  );

export const main = async (argv: string[]): Promise<number> => {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        server: { type: 'string' },
        printer: { type: 'string' },
        name: { type: 'string' },
        port: { type: 'string' },
        'no-open': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.version) {
      console.log(AGENT_VERSION);
      return EXIT.ok;
    }
    if (values.help || !command) {
      console.log(USAGE);
      return values.help ? EXIT.ok : EXIT.notPaired;
    }
    const dir = configDir();
    switch (command) {
      case 'start':
        if (!(await isPaired(dir))) await setup(dir, values);
        return await run(dir, values);
      case 'setup':
        await setup(dir, values);
        return EXIT.ok;
      case 'pair':
        await pair(dir, rest, values);
        return EXIT.ok;
      case 'run':
        return await run(dir, values);
      case 'test-print':
        await testPrint(dir, values);
        return EXIT.ok;
      case 'status':
        await status(dir);
        return EXIT.ok;
      default:
        console.error(`unknown command / פקודה לא מוכרת: ${command}\n\n${USAGE}`);
        return EXIT.notPaired;
    }
  } catch (error) {
    if (error instanceof CliExit) {
      console.error(error.message);
      return error.code;
    }
    if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return EXIT.notPaired;
    }
    console.error(`error / שגיאה: ${shortReason(error)}`);
    return EXIT.failed;
  }
};

// The printing agent, its pairing and the printer's status (product-spec §2 Settings' local-printing card, §3
// printer_connections, §7). Shared by the backend, the owner's settings card and the agent itself.
import { z } from 'zod';

/** The agent's version: part of the download names and reported by every agent on connect. */
export const AGENT_VERSION = '20250920';

export const AGENT_PLATFORMS = ['windows', 'mac', 'linux'] as const;
export type AgentPlatform = (typeof AGENT_PLATFORMS)[number];

/** The fixed download name of each system's package, served under `AGENT_DOWNLOAD_PATH`. */
export const agentDownloadName = (platform: AgentPlatform): string => `tafrit-agent-${platform}-${AGENT_VERSION}.zip`;
export const AGENT_DOWNLOAD_PATH = '/downloads';

/** The single-file programs `npm run build:agent` makes (x64 only); the server offers them once they were built. */
export const AGENT_EXECUTABLE_PLATFORMS = ['windows', 'linux'] as const;
export type AgentExecutablePlatform = (typeof AGENT_EXECUTABLE_PLATFORMS)[number];
export const agentExecutableName = (platform: AgentExecutablePlatform): string =>
  platform === 'windows' ? `tafrit-agent-windows-x64-${AGENT_VERSION}.exe` : `tafrit-agent-linux-x64-${AGENT_VERSION}`;

/** Slip paper: dots per line of a 203 dpi thermal head. */
export const PAPER_WIDTHS = { '80mm': 576, '58mm': 384 } as const;
export const paperWidthSchema = z.enum(['80mm', '58mm']);
export type PaperWidth = z.infer<typeof paperWidthSchema>;
export const DEFAULT_PAPER_WIDTH: PaperWidth = '80mm';

export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** Eight letters and digits without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const pairingCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/, 'קוד החיבור שגוי'));

/** The agent sends a heartbeat this often; the server calls a printer offline after 45 s of silence. */
export const AGENT_HEARTBEAT_MS = 15_000;
export const PRINTER_OFFLINE_AFTER_MS = 45_000;

export const PRINTER_CONNECTION_TYPES = ['tcp', 'cups', 'windows', 'file'] as const;
export type PrinterConnectionType = (typeof PRINTER_CONNECTION_TYPES)[number];

/** What an agent reports about itself and its printer on every connection. */
export const agentInfoSchema = z.object({
  printerName: z.string().trim().min(1).max(200),
  printerType: z.string().trim().min(1).max(50),
  connectionType: z.enum(PRINTER_CONNECTION_TYPES),
  agentVersion: z.string().trim().min(1).max(50),
  operatingSystem: z.string().trim().min(1).max(100),
});
export type AgentInfo = z.infer<typeof agentInfoSchema>;

// --- HTTP ---

/** `POST /api/printer/pair` (no sign-in: the one-time code is the proof). */
export const pairRequestSchema = z.object({ code: pairingCodeSchema, agent: agentInfoSchema });
export type PairRequest = z.input<typeof pairRequestSchema>;
export interface PairAnswer {
  agentId: string;
  /** Shown once, stored by the server only as a hash. */
  agentSecret: string;
  businessName: string;
}

/** `POST /api/printer/pairing-code` (owner). */
export interface PairingCodeAnswer {
  code: string;
  expiresAt: string;
}

/** `GET /api/printer/status?businessId={phone}` (that business's owner): the spec's shape. */
export interface PrinterStatusAnswer {
  isOnline: boolean;
  lastSeen: string | null;
  printerName: string | null;
}

/** `GET /api/printer/settings` and `PUT /api/printer/settings {paperWidth}` (owner). */
export const printerSettingsSchema = z.object({ paperWidth: paperWidthSchema });
export type PrinterSettingsInput = z.infer<typeof printerSettingsSchema>;
export interface PrinterSettingsAnswer {
  paperWidth: PaperWidth;
  paired: boolean;
  agentVersion: string | null;
  operatingSystem: string | null;
  connectionType: PrinterConnectionType | null;
}

/** `POST /api/printer/test-print` (owner) and `POST /api/printer/agent/test-slip` (agent): a slip to print now. */
export interface TestPrintAnswer {
  slipId: string;
}

/** Agent HTTP calls carry `Authorization: Agent <agentId>:<agentSecret>`. */
export const AGENT_AUTH_SCHEME = 'Agent';

/** `GET /api/printer/agent/status` (agent): what the server knows of this agent. */
export interface AgentStatusAnswer {
  businessName: string;
  isOnline: boolean;
  lastSeen: string | null;
  printerName: string | null;
  paperWidth: PaperWidth;
  /** Slips queued for this business and not yet printed. */
  pendingSlips: number;
}

/** `POST /api/printer/agent/test-slip` answers the rendered slip too, so `agent test-print` works without a socket. */
export interface AgentTestSlipAnswer extends TestPrintAnswer {
  escposBase64: string;
}

// --- Printer events: one stream `printer-{businessPhone}` ---

const businessPhone = z.string().min(1);
const agentId = z.string().min(1);
const instant = z.iso.datetime({ offset: true });

export const printerPairedDataSchema = z.object({
  businessPhone,
  agentId,
  /** The agent this pairing replaced, if any: it is disconnected and its secret no longer opens anything. */
  replacedAgentId: z.string().nullable(),
  agent: agentInfoSchema,
  pairedAt: instant,
});
export const printerOnlineDataSchema = z.object({ businessPhone, agentId, agent: agentInfoSchema, at: instant });
export const printerOfflineDataSchema = z.object({
  businessPhone,
  agentId,
  reason: z.enum(['disconnected', 'silent', 'replaced']),
  lastSeen: instant.nullable(),
  at: instant,
});

export const printerEventDataSchemas = {
  PrinterPaired: printerPairedDataSchema,
  PrinterOnline: printerOnlineDataSchema,
  PrinterOffline: printerOfflineDataSchema,
} as const;
export type PrinterEventType = keyof typeof printerEventDataSchemas;
export const PRINTER_EVENT_TYPES = Object.keys(printerEventDataSchemas) as PrinterEventType[];
export const PRINTER_EVENT_SCHEMA_VERSIONS: Readonly<Record<PrinterEventType, number>> = {
  PrinterPaired: 1,
  PrinterOnline: 1,
  PrinterOffline: 1,
};
export type PrinterEventData = { [Type in PrinterEventType]: z.infer<(typeof printerEventDataSchemas)[Type]> };
export const printerStreamId = (businessPhone: string): string => `printer-${businessPhone}`;

// The local-printing card's calls (product spec §2 Settings, §7): the printer's status (polled every 30 s), the paper
// width, a one-time pairing code for the agent and a test slip. Fetcher, query options and hook side by side.
import {
  AGENT_DOWNLOAD_PATH,
  agentDownloadName,
  type AgentPlatform,
  type PairingCodeAnswer,
  type PaperWidth,
  type PrinterSettingsAnswer,
  type PrinterStatusAnswer,
  type TestPrintAnswer,
} from '@tafrit/contracts/printing';
import {
  pairingCodeAnswerSchema,
  printerSettingsAnswerSchema,
  printerStatusAnswerSchema,
  testPrintAnswerSchema,
} from '@tafrit/contracts/http/owner-answers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { tokenFor } from '@/lib/api-client';
import { dataOf } from './responses';
import { ownerRequest } from './session-request';

export const PRINTER_STATUS_URL = '/api/printer/status';
export const PRINTER_SETTINGS_URL = '/api/printer/settings';
export const PAIRING_CODE_URL = '/api/printer/pairing-code';
export const TEST_PRINT_URL = '/api/printer/test-print';
/** Spec §6: the printer's status is asked for every 30 seconds. */
export const PRINTER_STATUS_POLL_MS = 30_000;

export async function getPrinterStatus(businessId: string, signal?: AbortSignal): Promise<PrinterStatusAnswer> {
  const url = `${PRINTER_STATUS_URL}?businessId=${encodeURIComponent(businessId)}`;
  return dataOf(printerStatusAnswerSchema, await ownerRequest('GET', url, undefined, { signal }));
}

export function printerStatusQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: [PRINTER_STATUS_URL, { businessId }],
    queryFn: ({ signal }) => getPrinterStatus(businessId, signal),
    refetchInterval: PRINTER_STATUS_POLL_MS,
  });
}

export function usePrinterStatus(businessId: string | undefined) {
  return useQuery({
    ...printerStatusQueryOptions(businessId ?? ''),
    enabled: Boolean(businessId) && tokenFor(PRINTER_STATUS_URL) !== null,
  });
}

export async function getPrinterSettings(signal?: AbortSignal): Promise<PrinterSettingsAnswer> {
  return dataOf(printerSettingsAnswerSchema, await ownerRequest('GET', PRINTER_SETTINGS_URL, undefined, { signal }));
}

export function printerSettingsQueryOptions() {
  return queryOptions({
    queryKey: [PRINTER_SETTINGS_URL],
    queryFn: ({ signal }) => getPrinterSettings(signal),
  });
}

export function usePrinterSettings() {
  return useQuery({ ...printerSettingsQueryOptions(), enabled: tokenFor(PRINTER_SETTINGS_URL) !== null });
}

export async function savePaperWidth(paperWidth: PaperWidth): Promise<PrinterSettingsAnswer> {
  return dataOf(printerSettingsAnswerSchema, await ownerRequest('PUT', PRINTER_SETTINGS_URL, { paperWidth }));
}

export async function createPairingCode(): Promise<PairingCodeAnswer> {
  return dataOf(pairingCodeAnswerSchema, await ownerRequest('POST', PAIRING_CODE_URL));
}

export async function sendTestPrint(): Promise<TestPrintAnswer> {
  return dataOf(testPrintAnswerSchema, await ownerRequest('POST', TEST_PRINT_URL));
}

/** `/downloads/tafrit-agent-windows-20250920.zip`. */
export function agentDownloadUrl(platform: AgentPlatform): string {
  return `${AGENT_DOWNLOAD_PATH}/${agentDownloadName(platform)}`;
}

/**
 * Whether the agent's package can be downloaded now: a HEAD request first, so a missing file or a server error shows
 * the spec's toast instead of navigating the tab to an error page.
 */
export async function agentDownloadAvailable(platform: AgentPlatform): Promise<boolean> {
  try {
    const response = await fetch(agentDownloadUrl(platform), { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

/** `ABCD2345` -> `ABCD-2345`. */
export function formatPairingCode(code: string): string {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

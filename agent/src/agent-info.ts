import { AGENT_VERSION, type AgentInfo } from '@tafrit/contracts/printing';
import { release, type } from 'node:os';
import type { Printer } from './printer/index.js';

/** What the agent reports about itself on pairing and on every connection. */
export const agentInfoFor = (printer: Printer, printerName?: string | null): AgentInfo => ({
  printerName: (printerName?.trim() || printer.defaultName).slice(0, 200),
  printerType: 'escpos-raster',
  connectionType: printer.connectionType,
  agentVersion: AGENT_VERSION,
  operatingSystem: `${type()} ${release()}`.slice(0, 100),
});

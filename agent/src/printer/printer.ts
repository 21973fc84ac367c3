// A printer takes the complete ESC/POS bytes of one slip. The server renders everything (a Hebrew raster image and
// the cut), so every printer here only moves bytes: `print` resolves once the printer accepted all of them and
// rejects with a readable reason otherwise.
import type { PrinterConnectionType } from '@tafrit/contracts/printing';

export interface Printer {
  connectionType: PrinterConnectionType;
  /** The spec it was made from, e.g. `tcp://192.168.1.50:9100`. */
  spec: string;
  /** Shown to the owner: the `--name` or derived from the spec. */
  defaultName: string;
  print(bytes: Uint8Array): Promise<void>;
}

/** A reason short enough for the slip's `error` (the contract allows 500 characters). */
export const shortReason = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return (text.trim() || 'unknown printer error').slice(0, 500);
};

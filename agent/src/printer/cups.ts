// A printer installed on Mac or Linux: `lp -o raw` sends the bytes untouched (no driver, no filter).
import type { Printer } from './printer.js';
import { runCommand } from './run-command.js';

export const createCupsPrinter = ({ name, spec }: { name: string; spec: string }): Printer => ({
  connectionType: 'cups',
  spec,
  defaultName: name || 'default printer',
  print: (bytes) => runCommand({ command: 'lp', args: [...(name ? ['-d', name] : []), '-o', 'raw'], stdin: bytes }),
});

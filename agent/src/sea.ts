// The entry of the executables (scripts/build-executables.mjs): a Node single executable application runs one
// CommonJS script, so no top-level await here. A double click (no arguments) means `start`: the setup page the
// first time, printing from then on.
import { main } from './cli.js';

const args = process.argv.slice(2);
void main(args.length > 0 ? args : ['start']).then((exitCode) => {
  process.exitCode = exitCode;
  setTimeout(() => process.exit(exitCode), 2_000).unref();
});

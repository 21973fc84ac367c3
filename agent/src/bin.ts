// The entry of `node tafrit-agent.mjs COMMAND`.
import { main } from './cli.js';

const exitCode = await main(process.argv.slice(2));
process.exitCode = exitCode;
// Everything is closed by now; this only guards against a handle left open by a library.
setTimeout(() => process.exit(exitCode), 2_000).unref();

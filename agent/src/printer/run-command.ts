import { spawn, type SpawnOptions } from 'node:child_process';

export const COMMAND_TIMEOUT_MS = 60_000;

/** Runs a command, optionally feeding stdin; resolves on exit code 0, rejects with its output otherwise. */
export const runCommand = ({
  command,
  args,
  stdin,
  options = {},
  timeoutMs = COMMAND_TIMEOUT_MS,
}: {
  command: string;
  args: string[];
  stdin?: Uint8Array;
  options?: SpawnOptions;
  timeoutMs?: number;
}): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env: process.env, ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 2_000) output += chunk.toString();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${command} did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${command}: ${error.message}`));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with code ${code}${output.trim() ? `: ${output.trim()}` : ''}`));
    });
    child.stdin?.on('error', () => undefined); // the exit code tells what happened
    child.stdin?.end(stdin);
  });

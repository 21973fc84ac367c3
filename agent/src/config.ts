// Where the agent keeps its pairing and its memory of printed slips. The secret opens the business's printer
// channel, so the file is readable by its owner only.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export const agentConfigSchema = z.object({
  server: z.string().min(1),
  agentId: z.string().min(1),
  agentSecret: z.string().min(1),
  businessName: z.string(),
  printer: z.string().nullable(),
  printerName: z.string().nullable(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const CONFIG_FILE = 'config.json';
export const PRINTED_FILE = 'printed-slips.json';

export const configDir = (
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string => {
  if (env.TAFRIT_AGENT_HOME) return env.TAFRIT_AGENT_HOME;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'tafrit-agent');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'tafrit-agent');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'tafrit-agent');
};

export class ConfigMissingError extends Error {}

export const loadConfig = async (dir: string): Promise<AgentConfig> => {
  let text: string;
  try {
    text = await readFile(join(dir, CONFIG_FILE), 'utf8');
  } catch {
    throw new ConfigMissingError(join(dir, CONFIG_FILE));
  }
  const parsed = agentConfigSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ConfigMissingError(join(dir, CONFIG_FILE));
  return parsed.data;
};

/** Writes through a temporary file and a rename, so a crash never leaves half a file behind. */
export const writeFileAtomic = async (path: string, text: string, mode = 0o600): Promise<void> => {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode });
  await chmod(temp, mode).catch(() => undefined); // Windows ignores modes
  await rename(temp, path);
};

export const saveConfig = async (dir: string, config: AgentConfig): Promise<string> => {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, CONFIG_FILE);
  await writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
};

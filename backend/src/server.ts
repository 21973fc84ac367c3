// Starts the product: configuration, the application, the database, then listening (main.ts loads this).
import { createApp } from './app.factory.js';
import { ConfigError, loadConfig } from './config/config.js';
import { printBanner } from './start-banner.js';

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, logger } = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, startupMs: Math.round(performance.now() - startedAt), database: database.status }, 'listening');
  printBanner({ config, port, database });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { loadMetricsToken } from '../../src/config/metrics.config.js';

/*
 * docker/ cannot be built or run here (no Docker on these machines). This checks what can be checked without it:
 * the compose file parses, its app environment is a valid configuration, the proxy points at its app services, and
 * every file the Dockerfile copies exists (sources in the repository, build outputs after `npm run build`).
 */

const root = new URL('../../../', import.meta.url).pathname;
const dockerDir = join(root, 'docker');
// js-yaml comes with Jest (through istanbul); no YAML parser is a dependency of the product itself.
const { safeLoad } = createRequire(import.meta.url)('js-yaml') as { safeLoad(text: string): unknown };

interface ComposeService {
  build?: { context: string; dockerfile: string };
  profiles?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}
const compose = safeLoad(readFileSync(join(dockerDir, 'compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const appServices = Object.entries(compose.services).filter(([, service]) => service.build);

/** `${NAME:-default}` becomes the default (or `value` when given), `${NAME:?message}` becomes `value`. */
function interpolate(text: string, given: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_, name: string, fallback?: string) =>
    name in given ? given[name]! : (fallback ?? ''),
  );
}

describe('docker/compose.yml', () => {
  it('runs two app instances built from docker/Dockerfile, behind a proxy, with PostgreSQL, Redis and KurrentDB', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    for (const [, service] of appServices) {
      expect(service.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile' });
      expect(existsSync(join(dockerDir, service.build!.context, service.build!.dockerfile))).toBe(true);
    }
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['proxy', 'postgres', 'redis', 'kurrentdb']));
    expect(compose.services.kurrentdb!.profiles).toEqual(['kurrentdb']);
    // Prometheus and Grafana only when asked for (decision 059), with the dashboard the server's metrics are checked
    // against (grafana-dashboard.spec.ts).
    expect(compose.services.prometheus!.profiles).toEqual(['monitoring']);
    expect(compose.services.grafana!.profiles).toEqual(['monitoring']);
    for (const file of ['prometheus/prometheus.yml', 'grafana/dashboards/tafrit.json']) {
      expect([file, existsSync(join(dockerDir, file))]).toEqual([file, true]);
    }
    const prometheus = safeLoad(readFileSync(join(dockerDir, 'prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: { metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    expect(prometheus.scrape_configs[0]).toMatchObject({
      metrics_path: '/metrics',
      static_configs: [{ targets: appServices.map(([name]) => `${name}:3000`) }],
    });
    // The second instance waits for the first to have migrated the database.
    expect(compose.services.app2!.depends_on?.app1).toEqual({ condition: 'service_healthy' });
  });

  it("gives every instance an environment the server's configuration accepts, with and without KurrentDB", () => {
    const secret = {
      JWT_SECRET: 'a-secret-of-more-than-thirty-two-characters',
      SECRETS_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
    };
    for (const [name, service] of appServices) {
      const environment = service.environment!;
      expect(Object.keys(environment)).toEqual(
        expect.arrayContaining([
          'DATABASE_URL',
          'REDIS_URL',
          'JWT_SECRET',
          'SECRETS_KEYS',
          'PUBLIC_URL',
          'TRUST_PROXY',
          'EVENTSTORE_URL',
        ]),
      );
      const resolve = (given: Record<string, string>) =>
        Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value), given)]));

      const onPostgres = loadConfig(resolve(secret));
      expect({ name, ...onPostgres }).toMatchObject({
        name,
        nodeEnv: 'production',
        databaseUrl: 'postgres://tafrit:tafrit@postgres:5432/tafrit',
        redisUrl: 'redis://redis:6379',
        eventStoreUrl: undefined,
        trustProxy: true,
        seedDemo: false,
      });
      const onKurrent = loadConfig(resolve({ ...secret, EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false' }));
      expect(onKurrent.eventStoreUrl).toBe('kurrentdb://kurrentdb:2113?tls=false');
      expect(loadMetricsToken(resolve(secret))).toBeUndefined();
      const token = 'b'.repeat(64);
      expect(loadMetricsToken(resolve({ ...secret, METRICS_TOKEN: token }))).toBe(token);
    }
  });

  it('sends the proxy to every app instance on the port the image serves', () => {
    const caddyfile = readFileSync(join(dockerDir, 'Caddyfile'), 'utf8');
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(appServices.map(([name]) => `${name}:3000`));
    // Traffic only to instances that are ready (decision 059).
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health\/ready$/m);
    expect(readFileSync(join(dockerDir, 'Dockerfile'), 'utf8')).toMatch(/^\s*PORT=3000/m);
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = readFileSync(join(dockerDir, 'Dockerfile'), 'utf8');
  const copies = [...dockerfile.matchAll(/^COPY\s+(--from=\w+\s+)?(.+)$/gm)].map((match) => {
    const parts = match[2]!.trim().split(/\s+/);
    return { fromStage: Boolean(match[1]), sources: parts.slice(0, -1) };
  });

  it('copies only files that exist in the repository', () => {
    const sources = copies.filter((copy) => !copy.fromStage).flatMap((copy) => copy.sources);
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect([source, existsSync(join(root, source))]).toEqual([source, true]);
  });

  it('copies from the build stage only what `npm run build` makes, and starts a file that is among them', () => {
    const built = copies.filter((copy) => copy.fromStage).flatMap((copy) => copy.sources);
    expect(built.map((path) => path.replace(/^\/app\//, ''))).toEqual([
      'contracts/dist',
      'backend/dist',
      'frontend/dist',
      'agent/dist/downloads',
    ]);
    for (const path of built)
      expect([path, existsSync(join(root, path.replace(/^\/app\//, '')))]).toEqual([path, true]);
    expect(dockerfile).toMatch(/^CMD \["node", "backend\/dist\/main\.js"\]$/m);
    expect(existsSync(join(root, 'backend/dist/main.js'))).toBe(true);
  });

  it('runs as a non-root user, on Node 24, with a health check on readiness', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK[\s\S]*\/api\/health\/ready/m);
  });
});

// The process's entry: it turns on Node's on-disk compile cache, then loads the server. Every start after the first
// reuses the compiled code of the backend and its dependencies (Nest, MikroORM, Fastify, PGlite: more than a thousand
// modules) instead of parsing and compiling them again; the cache lives in the system's temporary folder and is
// checked against each file, so a new build simply fills it again. It must be on before any of those modules loads,
// which is why the server is imported dynamically, after it.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./server.js');

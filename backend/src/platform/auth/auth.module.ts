import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccessTokens } from './access-tokens.js';
import { IpRateLimiter } from './ip-rate-limiter.js';
import { RefreshCookies } from './refresh-cookies.js';
import { SessionEndings } from './session-endings.js';

/**
 * Tokens, the refresh cookie and per-address limits for every module. `OwnerGuard` and `AdminGuard` (guards.ts) are
 * created by the module of each controller that uses them; they ask a `SessionDirectory` (SESSION_DIRECTORY) whether a
 * session is still open, which the accounts module, owner of the sessions, provides to all. `SessionEndings` carries
 * the news of an ended session to the sockets opened on its behalf.
 */
@Global()
@Module({
  // The start check that every owner route names its permission walks the controllers (permission.ts).
  imports: [DiscoveryModule],
  providers: [AccessTokens, RefreshCookies, IpRateLimiter, SessionEndings],
  exports: [AccessTokens, RefreshCookies, IpRateLimiter, SessionEndings],
})
export class AuthModule {}

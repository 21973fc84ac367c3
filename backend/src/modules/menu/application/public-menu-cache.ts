import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../../../config/config.module.js';
import type { AppConfig } from '../../../config/config.js';
import { loadIoredis } from '../../../platform/redis-packages.js';

/** The Redis channel on which instances tell each other that a business's public menu changed. */
export const MENU_INVALIDATION_CHANNEL = 'tafrit:public-menu:invalidate';

interface Entry<Value> {
  businessId: string;
  value: Value;
}

/**
 * The built public menus of this process, by department id, and their invalidation.
 *
 * Invalidations come after the change committed (menu-cache.projection.ts). A build that started before an
 * invalidation may have read the rows of before the commit, so it is answered but not kept: a reader that raced the
 * commit can never leave a stale menu in the cache. Builds are ordered against invalidations by a counter, not a
 * clock.
 *
 * With REDIS_URL, every local invalidation is also published on MENU_INVALIDATION_CHANNEL and every instance drops
 * its copy (DESIGN.md §3: instances keep no state of their own). Without it, the cache is this process's alone.
 */
@Injectable()
export class PublicMenuCache<Value = unknown> implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('PublicMenuCache');
  private readonly entries = new Map<string, Entry<Value>>();
  /** The invalidation count when each business was last invalidated. */
  private readonly invalidatedAt = new Map<string, number>();
  private invalidations = 0;
  /** Told of every drop of a business here (the checkout's own memory of the menu, checkout-menu.reader.ts). */
  private readonly dropListeners: ((businessId: string) => void)[] = [];
  private readonly instanceId = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private subscribed: Promise<boolean> = Promise.resolve(false);
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit(): void {
    const url = this.config.redisUrl;
    if (!url) return;
    // Start-up never waits for Redis: ioredis connects, retries and resubscribes by itself.
    const { Redis } = loadIoredis();
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    for (const client of [this.publisher, this.subscriber]) {
      // Redis down means slower invalidation across instances, never a failed request: log and let ioredis retry.
      client.on('error', (error: Error) => this.logger.warn(`redis: ${error.message}`));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel !== MENU_INVALIDATION_CHANNEL) return;
      try {
        const { businessId, from } = JSON.parse(message) as { businessId?: unknown; from?: unknown };
        if (typeof businessId === 'string' && from !== this.instanceId) this.dropLocal(businessId);
      } catch {
        this.logger.warn('redis: an invalidation message that is not JSON');
      }
    });
    this.subscribed = this.subscriber.subscribe(MENU_INVALIDATION_CHANNEL).then(
      () => true,
      (error: unknown) => {
        this.logger.warn(`redis: could not subscribe: ${String(error)}`);
        return false;
      },
    );
  }

  onModuleDestroy(): void {
    for (const client of [this.publisher, this.subscriber]) client?.disconnect();
  }

  get(departmentId: string): Value | undefined {
    return this.entries.get(departmentId)?.value;
  }

  /** Taken when a build starts; hand it back to `set`, so a build that raced an invalidation is not kept. */
  startBuild(): number {
    return this.invalidations;
  }

  set(departmentId: string, businessId: string, value: Value, startedAt: number): void {
    if (this.droppedSince(businessId, startedAt)) return;
    this.entries.set(departmentId, { businessId, value });
  }

  /** Whether the business was dropped after `startedAt` (from `startBuild`): a build that raced it must not be kept. */
  droppedSince(businessId: string, startedAt: number): boolean {
    const invalidated = this.invalidatedAt.get(businessId);
    return invalidated !== undefined && invalidated > startedAt;
  }

  /** Calls `listener` with the business id of every drop here, local or from another instance, as it happens. */
  onDrop(listener: (businessId: string) => void): void {
    this.dropListeners.push(listener);
  }

  /** Drops the business's menu here and, with Redis, on every other instance. */
  invalidate(businessId: string): void {
    this.dropLocal(businessId);
    if (!this.publisher) return;
    this.publisher
      .publish(MENU_INVALIDATION_CHANNEL, JSON.stringify({ businessId, from: this.instanceId }))
      .catch((error: unknown) => this.logger.warn(`redis: could not publish an invalidation: ${String(error)}`));
  }

  /** Resolves once this instance listens on the channel (tests; start-up never waits for Redis). */
  ready(): Promise<boolean> {
    return this.subscribed;
  }

  private dropLocal(businessId: string): void {
    this.invalidatedAt.set(businessId, ++this.invalidations);
    for (const [departmentId, entry] of this.entries) {
      if (entry.businessId === businessId) this.entries.delete(departmentId);
    }
    for (const listener of this.dropListeners) listener(businessId);
  }
}

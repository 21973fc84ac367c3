import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Where the server listens and what it calls itself: `HOST`, `PUBLIC_URL`, and whether a foreign page is in use. */
export interface LocalOriginsOptions {
  host: string;
  publicUrl: string;
  /**
   * Pages of this server may follow the address the diner opened (the built-in sandbox). With Cardcom the payment
   * page and its return addresses are PUBLIC_URL's only: the provider knows no other.
   */
  followRequest: boolean;
  /** The machine's addresses; the network interfaces by default (tests pass their own). */
  addresses?: () => string[];
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
/** Interfaces change rarely (a new Wi-Fi address); they are read again at most this often. */
const ADDRESSES_TTL_MS = 10_000;
const ORIGINS_KEPT = 256;

/** Every address of this machine's network interfaces, as a Host header names it (IPv6 in brackets). */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !(entry.family === 'IPv6' && entry.scopeid))
    .map((entry) => (entry!.family === 'IPv6' ? `[${entry!.address}]` : entry!.address));
}

/** The machine's non-internal IPv4 addresses: what a phone on the same network can open. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

/**
 * The addresses a page of this server may be opened at, so that what the server builds for that page (the sandbox's
 * payment page in the checkout's frame, its return to the thank-you page) is on the same address: the frame is then
 * the page's own origin, which the CSP allows ('self'), and the diner's cookie and cart follow. A request's Host is
 * believed only when it names an address the server really listens on (one of the machine's own when HOST is a
 * wildcard, else HOST itself, and `localhost` when loopback is among them) on the port the request came in on;
 * anything else gets PUBLIC_URL, so a forged Host never puts a foreign address into a page.
 */
export class LocalOrigins {
  private readonly publicUrl: string;
  private readonly publicOrigin: string;
  private cached: { at: number; hosts: Set<string> } | undefined;
  /** Answers of `originOf` while the machine's addresses are the same (`cached`): a page's Host is one of a few. */
  private readonly origins = new Map<string, string>();

  constructor(private readonly options: LocalOriginsOptions) {
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.publicOrigin = new URL(this.publicUrl).origin;
  }

  /** The origin of the page that asked (`http://192.168.1.20:3000`), or PUBLIC_URL's when it is not ours. */
  originOf(hostHeader: string | undefined, localPort: number | undefined): string {
    if (!this.options.followRequest || !hostHeader) return this.publicOrigin;
    const hosts = this.hosts();
    const key = `${localPort ?? ''} ${hostHeader}`;
    let origin = this.origins.get(key);
    if (origin === undefined) {
      origin = this.resolve(hostHeader, localPort, hosts);
      // Bounded: forged Host headers cannot grow it past a few hundred answers.
      if (this.origins.size >= ORIGINS_KEPT) this.origins.clear();
      this.origins.set(key, origin);
    }
    return origin;
  }

  private resolve(hostHeader: string, localPort: number | undefined, hosts: Set<string>): string {
    let url: URL;
    try {
      url = new URL(`http://${hostHeader}`);
    } catch {
      return this.publicOrigin;
    }
    // Only a bare host and port: no user, no path smuggled into the header.
    if (!HOST_HEADER.test(hostHeader)) return this.publicOrigin;
    const port = url.port === '' ? 80 : Number(url.port);
    if (localPort !== undefined && port !== localPort) return this.publicOrigin;
    if (!hosts.has(url.hostname)) return this.publicOrigin;
    return url.origin;
  }

  /** A URL of this server written with PUBLIC_URL, moved to `origin`; any other URL is left as it is. */
  rebase(url: string, origin: string): string {
    if (origin === this.publicOrigin || !url.startsWith(`${this.publicUrl}/`)) return url;
    return `${origin}${url.slice(this.publicUrl.length)}`;
  }

  private hosts(): Set<string> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < ADDRESSES_TTL_MS) return this.cached.hosts;
    const host = this.options.host.toLowerCase();
    const listened = WILDCARD_HOSTS.has(host) ? (this.options.addresses ?? machineAddresses)() : [bracketed(host)];
    const hosts = new Set(listened.map((address) => address.toLowerCase()));
    // `localhost` is loopback by another name, both ways.
    if ([...hosts].some((address) => LOOPBACK_HOSTS.has(address))) hosts.add('localhost');
    if (host === 'localhost') for (const loopback of ['127.0.0.1', '[::1]']) hosts.add(loopback);
    // The remembered answers were worked out with the addresses of before (the same ones, mostly: nothing is lost).
    this.origins.clear();
    this.cached = { at: now, hosts };
    return hosts;
  }
}

const bracketed = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

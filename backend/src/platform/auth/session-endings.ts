import { Injectable } from '@nestjs/common';
import type { Audience } from './principals.js';

/**
 * What ended: one sign-in (a session family: logout, ended from the sessions list, reuse detected), or every sign-in
 * of a user (a closed account).
 */
export type SessionEnding =
  { audience: Audience; kind: 'sign-in'; familyId: string } | { audience: Audience; kind: 'user'; userId: string };

type Listener = (ending: SessionEnding) => void;

/**
 * Tells whoever keeps a connection open on a session's behalf (the owner console's sockets) that the session ended,
 * so it is dropped at once instead of living on until it next authenticates (issue 29). The accounts module, which
 * owns the sessions, announces; the socket gateways listen. In process: the gateway drops the sockets through
 * socket.io's rooms, which the Redis adapter extends to every instance.
 */
@Injectable()
export class SessionEndings {
  private readonly listeners = new Set<Listener>();

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(ending: SessionEnding): void {
    for (const listener of this.listeners) listener(ending);
  }
}

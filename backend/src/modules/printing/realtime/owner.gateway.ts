import { Inject, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  liveSyncRequestSchema,
  type LiveSyncAnswer,
  ownerHandshakeSchema,
  roleMay,
  SOCKET_NAMESPACES,
} from '@tafrit/contracts';
import type { Namespace, Socket } from 'socket.io';
import { AccessTokens } from '../../../platform/auth/access-tokens.js';
import { SESSION_DIRECTORY, type SessionDirectory } from '../../../platform/auth/session-directory.port.js';
import { SessionEndings } from '../../../platform/auth/session-endings.js';
import { LiveOrdersQuery } from '../application/live-orders.query.js';
import { LiveHub, ownerRoom } from './live-hub.js';

interface OwnerSocketData {
  businessPhone: string;
  /** The sign-in (session family) the handshake's token belongs to: ending it drops this socket. */
  signInId: string;
}

/** Every socket of one sign-in, whichever refresh of it the socket connected with. */
const signInRoom = (signInId: string): string => `sign-in:${signInId}`;

/**
 * `/owner`: the live consoles. The handshake carries an owner access token (never an admin's, never an agent's) whose
 * session is open, of a role with the live orders (the owner, a manager, the kitchen and its screens; issue 31); the
 * socket joins its business's room and nothing else, so a console only ever hears its own business. A refusal
 * reaches the client as `connect_error` with the message `auth.unauthenticated` (or `auth.role_forbidden`).
 *
 * A socket lives no longer than its sign-in (issue 29): a logout, a sign-in ended from the sessions list, a detected
 * token theft or a closed account drops it at once (`io server disconnect`, which the client does not retry by
 * itself), through rooms, so on every instance when the Redis adapter is in use.
 */
@WebSocketGateway({ namespace: SOCKET_NAMESPACES.owner })
export class OwnerGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnModuleDestroy {
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
    private readonly endings: SessionEndings,
    private readonly hub: LiveHub,
    private readonly live: LiveOrdersQuery,
  ) {}

  afterInit(namespace: Namespace): void {
    this.hub.attachOwners(namespace);
    namespace.use((socket, next) => {
      this.authenticate(socket).then(
        (owner) => {
          if (!owner) return next(new Error('auth.unauthenticated'));
          if (owner === 'forbidden') return next(new Error('auth.role_forbidden'));
          Object.assign(socket.data as OwnerSocketData, owner);
          next();
        },
        () => next(new Error('auth.unauthenticated')),
      );
    });
    this.stopListening = this.endings.listen((ending) => {
      if (ending.audience !== 'owner') return;
      const room = ending.kind === 'sign-in' ? signInRoom(ending.familyId) : ownerRoom(ending.userId);
      namespace.in(room).disconnectSockets(true);
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  async handleConnection(socket: Socket): Promise<void> {
    const { businessPhone, signInId } = socket.data as OwnerSocketData;
    await socket.join([ownerRoom(businessPhone), signInRoom(signInId)]);
  }

  /** What this console missed since the last position it applied (answered through the client's acknowledgement). */
  @SubscribeMessage('live.sync')
  async sync(@MessageBody() body: unknown, @ConnectedSocket() socket: Socket): Promise<LiveSyncAnswer> {
    const parsed = liveSyncRequestSchema.safeParse(body);
    if (!parsed.success) return { events: [], reset: true };
    return this.live.since((socket.data as OwnerSocketData).businessPhone, parsed.data.since);
  }

  private async authenticate(socket: Socket): Promise<OwnerSocketData | 'forbidden' | undefined> {
    const handshake = ownerHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) return undefined;
    const claims = await this.tokens.verify(handshake.data.token, 'owner');
    if (!claims) return undefined;
    // The live orders are the only thing this namespace carries: a role without them (the accountant) gets nothing.
    if (!roleMay(claims.role, 'orders.live')) return 'forbidden';
    const signInId = await this.sessions.signInOf({
      audience: 'owner',
      userId: claims.subject,
      sessionId: claims.sessionId,
    });
    return signInId ? { businessPhone: claims.subject, signInId } : undefined;
  }
}

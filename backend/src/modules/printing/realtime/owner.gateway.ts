import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { liveSyncRequestSchema, type LiveSyncAnswer, ownerHandshakeSchema, SOCKET_NAMESPACES } from '@tafrit/contracts';
import type { Namespace, Socket } from 'socket.io';
import { AccessTokens } from '../../../platform/auth/access-tokens.js';
import { SESSION_DIRECTORY, type SessionDirectory } from '../../../platform/auth/session-directory.port.js';
import { LiveOrdersQuery } from '../application/live-orders.query.js';
import { LiveHub, ownerRoom } from './live-hub.js';

interface OwnerSocketData {
  businessPhone: string;
}

/**
 * `/owner`: the live consoles. The handshake carries an owner access token (never an admin's, never an agent's) whose
 * session is open; the socket joins its business's room and nothing else, so a console only ever hears its own
 * business. A refusal reaches the client as `connect_error` with the message `auth.unauthenticated`.
 */
@WebSocketGateway({ namespace: SOCKET_NAMESPACES.owner })
export class OwnerGateway implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket> {
  constructor(
    private readonly tokens: AccessTokens,
    @Inject(SESSION_DIRECTORY) private readonly sessions: SessionDirectory,
    private readonly hub: LiveHub,
    private readonly live: LiveOrdersQuery,
  ) {}

  afterInit(namespace: Namespace): void {
    this.hub.attachOwners(namespace);
    namespace.use((socket, next) => {
      this.authenticate(socket).then(
        (businessPhone) => {
          if (!businessPhone) return next(new Error('auth.unauthenticated'));
          (socket.data as OwnerSocketData).businessPhone = businessPhone;
          next();
        },
        () => next(new Error('auth.unauthenticated')),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    await socket.join(ownerRoom((socket.data as OwnerSocketData).businessPhone));
  }

  /** What this console missed since the last position it applied (answered through the client's acknowledgement). */
  @SubscribeMessage('live.sync')
  async sync(@MessageBody() body: unknown, @ConnectedSocket() socket: Socket): Promise<LiveSyncAnswer> {
    const parsed = liveSyncRequestSchema.safeParse(body);
    if (!parsed.success) return { events: [], reset: true };
    return this.live.since((socket.data as OwnerSocketData).businessPhone, parsed.data.since);
  }

  private async authenticate(socket: Socket): Promise<string | undefined> {
    const handshake = ownerHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success) return undefined;
    const claims = await this.tokens.verify(handshake.data.token, 'owner');
    if (!claims) return undefined;
    const active = await this.sessions.isActive({
      audience: 'owner',
      userId: claims.subject,
      sessionId: claims.sessionId,
    });
    return active ? claims.subject : undefined;
  }
}

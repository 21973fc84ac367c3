import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  type AgentInfo,
  agentHandshakeSchema,
  type SlipAckAnswer,
  slipAckPayloadSchema,
  SOCKET_NAMESPACES,
} from '@tafrit/contracts';
import type { Namespace, Socket } from 'socket.io';
import { withoutNulCharacters } from '../../../platform/http/parse.js';
import { type AuthenticatedAgent, PairingService } from '../application/pairing.service.js';
import { PrinterPresence } from '../application/printer-presence.service.js';
import { SlipDelivery } from '../application/slip-delivery.service.js';
import { agentIdRoom, agentRoom, LiveHub } from './live-hub.js';

interface AgentSocketData {
  agent: AuthenticatedAgent;
  info: AgentInfo;
}

/**
 * `/agent`: printing agents. The handshake carries the agent's id and secret (an owner token opens nothing here); a
 * refusal reaches the agent as `connect_error` `printer.agent_credential_invalid`, which tells it to pair again.
 * On connect: the agent's older sockets are dropped (one connection prints), the printer shows online and every
 * unprinted slip is pushed.
 */
@WebSocketGateway({ namespace: SOCKET_NAMESPACES.agent })
export class AgentGateway
  implements OnGatewayInit<Namespace>, OnGatewayConnection<Socket>, OnGatewayDisconnect<Socket>
{
  private readonly logger = new Logger('AgentGateway');

  constructor(
    private readonly pairing: PairingService,
    private readonly presence: PrinterPresence,
    private readonly delivery: SlipDelivery,
    private readonly hub: LiveHub,
  ) {}

  afterInit(namespace: Namespace): void {
    this.hub.attachAgents(namespace);
    namespace.use((socket, next) => {
      // Its printer name and system go into the database, which cannot store U+0000 (see parse.ts).
      const handshake = agentHandshakeSchema.safeParse(withoutNulCharacters(socket.handshake.auth));
      if (!handshake.success) return next(new Error('printer.agent_credential_invalid'));
      const { agentId, secret, agent: info } = handshake.data;
      this.pairing.authenticate(agentId, secret).then(
        (agent) => {
          if (!agent) return next(new Error('printer.agent_credential_invalid'));
          Object.assign(socket.data as AgentSocketData, { agent, info });
          next();
        },
        (error: unknown) => next(new Error(`unavailable: ${String(error)}`)),
      );
    });
  }

  async handleConnection(socket: Socket): Promise<void> {
    const { agent, info } = socket.data as AgentSocketData;
    try {
      this.hub.dropOtherSockets(agent.agentId, socket.id);
      await socket.join([agentRoom(agent.businessPhone), agentIdRoom(agent.agentId)]);
      await this.presence.connected(agent, info, socket.id);
      await this.delivery.deliverPending(agent.businessPhone);
    } catch (error) {
      // Without its presence recorded the agent would print unseen: drop it, it reconnects with backoff.
      this.logger.warn(`agent ${agent.agentId} could not be set up: ${String(error)}`);
      socket.disconnect(true);
    }
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const data = socket.data as Partial<AgentSocketData>;
    if (!data.agent) return;
    await this.presence.disconnected(data.agent, socket.id).catch((error: unknown) => {
      this.logger.warn(`agent ${data.agent?.agentId} disconnect not recorded: ${String(error)}`);
    });
  }

  @SubscribeMessage('agent.heartbeat')
  async heartbeat(@ConnectedSocket() socket: Socket): Promise<{ ok: boolean }> {
    const { agent, info } = socket.data as AgentSocketData;
    // Marked offline by the silence sweep while this socket lived on (a stalled instance): it is online again.
    if (!(await this.presence.heartbeat(agent, socket.id))) await this.presence.connected(agent, info, socket.id);
    return { ok: true };
  }

  @SubscribeMessage('slip.ack')
  async ack(@MessageBody() body: unknown, @ConnectedSocket() socket: Socket): Promise<SlipAckAnswer> {
    const parsed = slipAckPayloadSchema.safeParse(withoutNulCharacters(body));
    if (!parsed.success) return { ok: false };
    const ok = await this.delivery.acknowledge((socket.data as AgentSocketData).agent, parsed.data, socket.id);
    return { ok };
  }
}

import { Injectable } from '@nestjs/common';
import { type LiveEvent, SOCKET_EVENTS, type SlipPrintPayload } from '@tafrit/contracts';
import type { Namespace } from 'socket.io';

export const ownerRoom = (businessPhone: string): string => `business:${businessPhone}`;
export const agentRoom = (businessPhone: string): string => `agent:${businessPhone}`;
export const agentIdRoom = (agentId: string): string => `agent-id:${agentId}`;

/**
 * The two socket namespaces, for code outside the gateways (processors, services). Everything goes through rooms,
 * which the Redis adapter (when `REDIS_URL` is set) extends to every instance: a processor on one instance reaches a
 * console or an agent connected to another.
 */
@Injectable()
export class LiveHub {
  private owners: Namespace | undefined;
  private agents: Namespace | undefined;

  attachOwners(namespace: Namespace): void {
    this.owners = namespace;
  }

  attachAgents(namespace: Namespace): void {
    this.agents = namespace;
  }

  toOwners(businessPhone: string, event: LiveEvent): void {
    this.owners?.to(ownerRoom(businessPhone)).emit(SOCKET_EVENTS.live, event);
  }

  toAgent(businessPhone: string, slip: SlipPrintPayload): void {
    this.agents?.to(agentRoom(businessPhone)).emit(SOCKET_EVENTS.slipPrint, slip);
  }

  /** A new pairing replaced this agent: tell it to stop, then drop its sockets wherever they are. */
  replaceAgent(agentId: string): void {
    if (!this.agents) return;
    this.agents.to(agentIdRoom(agentId)).emit(SOCKET_EVENTS.agentReplaced, { at: new Date().toISOString() });
    this.agents.in(agentIdRoom(agentId)).disconnectSockets(true);
  }

  /** Drops the business's agent wherever it is connected (it reconnects with its backoff if it still may). */
  disconnectAgentsOf(businessPhone: string): void {
    this.agents?.in(agentRoom(businessPhone)).disconnectSockets(true);
  }

  /** Older sockets of the same agent (a second copy started by mistake): one connection per agent prints. */
  dropOtherSockets(agentId: string, keepSocketId: string): void {
    this.agents?.in(agentIdRoom(agentId)).except(keepSocketId).disconnectSockets(true);
  }
}

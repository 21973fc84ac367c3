import { SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';

/**
 * socket.io on the HTTP server's own port. The owner console and printing agent namespaces (with their own token
 * audiences) come with the live-orders issue; this root gateway answers a ping so clients can measure the link.
 */
@WebSocketGateway({ serveClient: false, cors: false })
export class RealtimeGateway {
  @SubscribeMessage('ping')
  ping(): { event: 'pong'; data: { serverTime: string } } {
    return { event: 'pong', data: { serverTime: new Date().toISOString() } };
  }
}

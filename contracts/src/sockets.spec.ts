import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, SOCKET_NAMESPACES, socketEventNamespace, socketPayloadSchemas } from './sockets.js';

describe('socket contract', () => {
  it('keeps the names clients subscribe to', () => {
    expect(SOCKET_NAMESPACES).toEqual({ owner: '/owner', agent: '/agent' });
    expect(Object.values(SOCKET_EVENTS).sort()).toEqual(
      ['menu.changed', 'order.paid', 'order.placed', 'order.status_changed', 'slip.ack', 'slip.print'].sort(),
    );
  });

  it('has a payload schema and a namespace for every event', () => {
    for (const name of Object.values(SOCKET_EVENTS)) {
      expect(socketPayloadSchemas[name]).toBeDefined();
      expect(Object.values(SOCKET_NAMESPACES)).toContain(socketEventNamespace[name]);
    }
  });

  it('sends slips only to agents and orders only to owners', () => {
    expect(socketEventNamespace['slip.print']).toBe('/agent');
    expect(socketEventNamespace['order.paid']).toBe('/owner');
  });

  it('parses an order.paid payload', () => {
    const payload = { orderId: 'o-1', orderNumber: '1001', amountAgorot: 1250, paidAt: '2025-08-01T00:30:00+03:00' };
    expect(socketPayloadSchemas['order.paid'].parse(payload)).toEqual(payload);
  });

  it('refuses money that is not whole agorot', () => {
    const payload = { orderId: 'o-1', orderNumber: '1001', totalAgorot: 12.5, placedAt: '2025-08-01T00:30:00Z' };
    expect(socketPayloadSchemas['order.placed'].safeParse(payload).success).toBe(false);
  });

  it('accepts a printed or failed acknowledgement and nothing else', () => {
    const ack = socketPayloadSchemas['slip.ack'];
    expect(ack.safeParse({ slipId: 's-1', status: 'printed' }).success).toBe(true);
    expect(ack.safeParse({ slipId: 's-1', status: 'failed', error: 'paper out' }).success).toBe(true);
    expect(ack.safeParse({ slipId: 's-1', status: 'maybe' }).success).toBe(false);
    expect(ack.safeParse({ status: 'printed' }).success).toBe(false);
  });
});

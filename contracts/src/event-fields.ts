// The fields every order event shares, in one place for the files that define them (order-events.ts and the files it
// gathers): money in integer agorot, times as ISO 8601 instants with an offset. Named `...Field` where they are
// exported, so no name of the contracts' index is taken by a bare `text` or `instant`.
import { z } from 'zod';

export const orderIdField = z.uuid();
export const businessPhoneField = z.string().min(1);
export const agorotField = z.number().int().nonnegative();
export const instantField = z.iso.datetime({ offset: true });
export const textField = z.string().min(1);

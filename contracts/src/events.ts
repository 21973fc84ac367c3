// The envelope every stored event shares. Events are plain JSON data with past-tense type names (`OrderPaid`);
// classes would not survive a round trip through the event store.
import { z } from 'zod';
import { ROLES } from './roles.js';

// `member` is a person the owner invited (issue 31), `screen` a paired kitchen screen; `owner` the business's phone and
// `admin` an administrator, also when visiting inside a business.
export const ACTOR_KINDS = ['owner', 'admin', 'member', 'screen', 'diner', 'system', 'agent'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const actorSchema = z.object({
  kind: z.enum(ACTOR_KINDS),
  // Absent for the system and for anonymous diners. A member's or a screen's id is its team id (never a phone).
  id: z.string().min(1).optional(),
  // The role the act was done with (owner, member, screen): a role changes later, the record must not.
  role: z.enum(ROLES).optional(),
  // A staff PIN typed on a shared screen: the act is the member's, done on this screen (its team id).
  screenId: z.string().min(1).optional(),
});
export type Actor = z.infer<typeof actorSchema>;

export const eventMetadataSchema = z.object({
  // Shared by every event that one request or one processed event caused, so a trace can be followed end to end.
  correlationId: z.string().min(1),
  // The command or event that directly caused this one.
  causationId: z.string().min(1).optional(),
  actor: actorSchema,
  occurredAt: z.iso.datetime({ offset: true }),
  // Bumped on a breaking change to the data; readers upcast older versions.
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export type DomainEvent<Type extends string, Data> = {
  type: Type;
  data: Data;
  metadata: EventMetadata;
};

/** A zod schema for one event type, e.g. `eventSchema('OrderPaid', orderPaidDataSchema)`. */
export function eventSchema<Type extends string, Data extends z.ZodType>(type: Type, dataSchema: Data) {
  return z.object({ type: z.literal(type), data: dataSchema, metadata: eventMetadataSchema });
}

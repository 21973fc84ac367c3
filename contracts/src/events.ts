// The envelope every stored event shares. Events are plain JSON data with past-tense type names (`OrderPaid`);
// classes would not survive a round trip through the event store.
import { z } from 'zod';

export const ACTOR_KINDS = ['owner', 'admin', 'diner', 'system', 'agent'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const actorSchema = z.object({
  kind: z.enum(ACTOR_KINDS),
  // Absent for the system and for anonymous diners.
  id: z.string().min(1).optional(),
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

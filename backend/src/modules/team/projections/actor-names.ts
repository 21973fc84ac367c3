import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type ActorView, actorLabelsHe, isActingKind } from '@tafrit/contracts';
import type { EventActor } from '../../../platform/event-store/event-store.port.js';
import { TeamReader } from './team.reader.js';

/** The team ids an actor names: the person or screen, and the screen a PIN was typed on. */
function teamIdsOf(actor: EventActor): string[] {
  const ids: string[] = [];
  if ((actor.kind === 'member' || actor.kind === 'screen') && actor.id) ids.push(actor.id);
  if (actor.screenId) ids.push(actor.screenId);
  return ids;
}

/** An actor as shown, given the names of the team ids it carries. */
export function actorViewOf(actor: EventActor, names: ReadonlyMap<string, string>): ActorView {
  const screenName = actor.screenId ? (names.get(actor.screenId) ?? actorLabelsHe.screen) : null;
  switch (actor.kind) {
    case 'owner':
      return { kind: 'owner', id: 'owner', name: actorLabelsHe.owner, role: actor.role ?? 'owner', screenName };
    case 'member':
    case 'screen':
      return {
        kind: actor.kind,
        id: actor.id ?? null,
        name: (actor.id ? names.get(actor.id) : undefined) ?? actorLabelsHe[actor.kind],
        role: actor.role ?? null,
        screenName,
      };
    default:
      // An administrator's phone, a processor's or an agent's id mean nothing to the business: the label says it.
      return { kind: actor.kind, id: null, name: actorLabelsHe[actor.kind], role: null, screenName: null };
  }
}

/**
 * Names the actors of a business's events by the team (issue 31): a person or a screen by the name it had in the
 * team, kept after a removal; the owner, support and the rest by their labels. One query for any number of actors.
 */
@Injectable()
export class ActorNames {
  constructor(private readonly team: TeamReader) {}

  async viewsOf(businessPhone: string, actors: readonly EventActor[], em?: EntityManager): Promise<ActorView[]> {
    const names = await this.team.namesOf(businessPhone, actors.flatMap(teamIdsOf), em);
    return actors.map((actor) => actorViewOf(actor, names));
  }

  /** One actor's name, for a person's or a screen's act (a push says who); undefined for anyone else's. */
  async nameOf(businessPhone: string, actor: EventActor, em?: EntityManager): Promise<string | undefined> {
    if (!isActingKind(actor.kind)) return undefined;
    const [view] = await this.viewsOf(businessPhone, [actor], em);
    return view?.name;
  }
}

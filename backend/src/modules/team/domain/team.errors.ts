/** Domain errors carry the stable code the HTTP layer answers with (contracts/src/errors.ts). */
export class TeamError extends Error {
  constructor(
    readonly code: 'team.own_phone' | 'team.already_member' | 'team.full' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'TeamError';
  }
}

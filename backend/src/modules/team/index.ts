// The team module's front door: other modules import only from here.
export { TeamModule } from './team.module.js';
export { TeamReader } from './projections/team.reader.js';

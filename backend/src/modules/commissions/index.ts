// The commissions module's front door: other modules import only from here.
export { CommissionsModule } from './commissions.module.js';
export { foldPayout } from './domain/payout.decider.js';

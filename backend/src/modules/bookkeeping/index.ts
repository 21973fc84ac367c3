// The bookkeeping module's front door: other modules import only from here.
export { BookkeepingModule } from './bookkeeping.module.js';

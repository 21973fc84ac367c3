// The diner module's front door: other modules import only from here.
export { DinerModule } from './diner.module.js';

// The health module's front door: other modules import only from here.
export { HealthModule } from './health.module.js';

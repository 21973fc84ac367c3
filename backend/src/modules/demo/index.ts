// The demo module's front door: other modules import only from here.
export { DemoModule } from './demo.module.js';

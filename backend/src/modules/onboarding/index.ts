// The onboarding module's front door: other modules import only from here.
export { OnboardingModule } from './onboarding.module.js';

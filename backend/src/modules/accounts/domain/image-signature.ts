// Moved to the platform: the logo and the menu's product photos share one upload pipeline.
export { detectImageType, type ImageType } from '../../../platform/images/image-signature.js';

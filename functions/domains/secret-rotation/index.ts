export { cloudFront, secretsManager } from './aws.js';
export { rotate, type RotationEvent } from './steps.js';

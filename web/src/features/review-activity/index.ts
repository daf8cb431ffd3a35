export { ReviewActivitySection } from './components/review-activity-section.js';

/**
 * The alias every caller invokes (API Gateway, the schedules, SNS, and a function's own background
 * work); CodeDeploy shifts it to a new version gradually (D141).
 */
export const LIVE_ALIAS = 'live';

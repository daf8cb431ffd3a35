/** Server settings the integration setup applies and the tests rely on. */
export const TEST_GOOGLE_CLIENT_ID = 'quizbank-test.apps.googleusercontent.com';
/** Short enough for a test to watch a login throttle lift, long enough for 20 scrypt failures on a busy 2-core machine. */
export const TEST_LOGIN_THROTTLE_WINDOW_SECONDS = 30;

/**
 * Settings every function reads from its environment; the CDK stack and the local server set them.
 * Secrets are not among them: secrets.ts reads those (D345).
 */
export const config = {
  get appTable() {
    return required('APP_TABLE');
  },
  /**
   * The table holding the kill-switch item (runtime/switches.ts): the app table unless set. Only an
   * integration test sets it, to flip switches without pausing the other test files on the shared table.
   */
  get switchesTable() {
    return process.env.SWITCHES_TABLE || this.appTable;
  },
  get ephemeralTable() {
    return required('EPHEMERAL_TABLE');
  },
  get filesBucket() {
    return required('FILES_BUCKET');
  },
  get mailFrom() {
    return process.env.MAIL_FROM ?? 'no-reply@localhost';
  },
  get sesConfigurationSet() {
    return process.env.SES_CONFIGURATION_SET || undefined;
  },
  /** Cookies get Secure and the __Host- prefix only when the site is served over HTTPS. */
  get secureCookies() {
    return process.env.COOKIE_SECURE === 'true';
  },
  get appOrigin() {
    return process.env.APP_ORIGIN ?? 'http://localhost:3000';
  },
  get stage() {
    return process.env.STAGE ?? 'local';
  },
  get googleClientId() {
    return process.env.GOOGLE_CLIENT_ID || undefined;
  },
  /** Google's signing keys; tests point this at a local JWKS. */
  get googleJwksUrl() {
    return process.env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs';
  },
  /** Extra hosts (comma-separated) besides APP_ORIGIN's that may receive the Google redirect. */
  get googleRedirectHosts() {
    return (process.env.GOOGLE_REDIRECT_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
  },
  /** Failed-login window (seconds): 5 failures per username, 20 per client address within it. */
  get loginThrottleWindowSeconds() {
    return positiveInt(process.env.LOGIN_THROTTLE_WINDOW_SECONDS, 900);
  },
  /** SES messages per second one daily-mail worker starts at most (a share of the account's send rate); unset: unpaced. */
  get dailyMailSendRate(): number | undefined {
    const rate = Number(process.env.DAILY_MAIL_SEND_RATE);
    return Number.isFinite(rate) && rate > 0 ? rate : undefined;
  },
  /**
   * Origins (comma-separated, e.g. `http://127.0.0.1:4567`) an import may fetch images from past the
   * SSRF guard's https-only and public-address rules (D177): for the tests' local image server only.
   * Unset by default; synthesis refuses a function that has it (infra/constructs/app-function.ts,
   * D351), and a deployed stage (any STAGE but local) ignores it even if it were set by hand.
   */
  get importImageTestOrigins(): string[] {
    if (this.stage !== 'local') return [];
    return (process.env.IMPORT_IMAGE_TEST_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  },
  /** Checks answers against their contracts; on in tests and locally, off in AWS. */
  get validateResponses() {
    return process.env.VALIDATE_RESPONSES === 'true';
  },
};

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

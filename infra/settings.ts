/**
 * Deployment settings from CDK context (`cdk.json` defaults, `-c key=value` overrides).
 * Parsed and validated here so the stack receives plain, typed values.
 */
export interface StackSettings {
  /** `dev`, `staging`, `prod`…: names resources and decides what is retained on delete. */
  stage: string;
  /** Custom domain served by CloudFront (needs `certificateArn`). */
  domainName?: string;
  /** ACM certificate in us-east-1 covering `domainName`. */
  certificateArn?: string;
  /** Optional Route 53 zone to create the alias record in (no lookup: id and name are given). */
  hostedZoneId?: string;
  hostedZoneName?: string;
  /** SES identity: an address (`no-reply@example.com`) or a domain (`example.com`). */
  mailFrom: string;
  googleClientId?: string;
  /**
   * Amazon Bedrock model id, inference profile id or ARN for `POST /api/evaluate-answer/`; unset =
   * the local evaluator only, and no group gets Bedrock rights.
   */
  bedrockModelId?: string;
  /**
   * `-c notesModel=true`: the notes screen's model tier (`POST /api/notes-questions/`) on the group
   * serving it, with the `bedrockModelId` model (required). Unset: the tier answers 404 notes_model_off.
   */
  notesModel?: true;
  seedDemo: boolean;
  /**
   * While the SES account is in the sandbox, SES also authorizes the (verified) recipient
   * identities, so senders need ses:SendEmail on every identity of the account.
   */
  sesSandbox: boolean;
  /**
   * The SES account's maximum send rate (messages per second; new production accounts start at
   * 14). The daily mail's parallel workers share it (DAILY_MAIL_SEND_RATE each).
   */
  sesSendRate: number;
  /**
   * Put a WAF web ACL (us-east-1, rate rule on the sign-in routes) in front of CloudFront. On by
   * default; only a stage the pipeline does not deploy may turn it off (`-c waf=false`).
   */
  waf: boolean;
  /**
   * The region the stage's main stack deploys to (`-c region=…`; infra/app.ts falls back to the
   * CLI's CDK_DEFAULT_REGION). The
   * WAF's cross-region reference needs it at synth; the account is never needed (D341).
   */
  region?: string;
  /** Subscribed (email) to the alarm topic when set; the address confirms the subscription (docs/deploy.md). */
  alarmEmail?: string;
  /**
   * Fixed rate of the stack's X-Ray sampling rule (0–1, default 0.05; one trace a second is always
   * kept). The rule governs the traced services that read X-Ray sampling rules (the daily mail's
   * state machine, the X-Ray SDK or Powertools Tracer making its own decision); Lambda's own
   * decision for a request without a trace header is fixed by AWS at one a second plus 5 %, and
   * cannot be set per function (docs/decisions/operations.md D112).
   */
  tracingSampleRate: number;
}

export type ContextReader = (key: string) => unknown;

/** Stages the pipeline deploys (bootstrap-stack.ts DEPLOY_STAGES): each has its WAF, whatever the context says. */
export const PIPELINE_STAGES: readonly string[] = ['staging', 'prod'];

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;

/** Context values, trimmed; an empty one is absent. */
interface ContextValues {
  text(key: string): string | undefined;
  flag(key: string): boolean;
}

function contextValues(context: ContextReader): ContextValues {
  const text = (key: string): string | undefined => {
    const value = context(key);
    if (value === undefined || value === null) return undefined;
    const s = String(value).trim();
    return s === '' ? undefined : s;
  };
  const flag = (key: string): boolean => {
    const value = context(key);
    return value === true || value === 'true' || value === '1';
  };
  return { text, flag };
}

export function readSettings(context: ContextReader): StackSettings {
  const values = contextValues(context);
  const { text, flag } = values;
  const stage = text('stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(
      `context stage "${stage}" must be lower-case letters, digits and dashes (max 20, starting with a letter)`,
    );
  }
  const domain = readDomain(values);
  const mailAndModel = readMailAndModel(values);
  const operations = readOperations(values);
  const wafSetting = context('waf');
  const waf = wafSetting === undefined || wafSetting === null || wafSetting === '' ? true : flag('waf');
  if (!waf && PIPELINE_STAGES.includes(stage))
    throw new Error(`stage ${stage} is deployed by the pipeline and always has its WAF (-c waf=false is refused)`);
  return {
    stage,
    ...domain,
    ...mailAndModel,
    googleClientId: text('googleClientId'),
    seedDemo: flag('seedDemo'),
    sesSandbox: flag('sesSandbox'),
    waf,
    ...operations,
  };
}

function readDomain({ text }: ContextValues) {
  const domainName = text('domainName')?.toLowerCase();
  const certificateArn = text('certificateArn');
  if (domainName && !DOMAIN_PATTERN.test(domainName))
    throw new Error(`context domainName "${domainName}" is not a domain name`);
  if (domainName && !certificateArn)
    throw new Error('context domainName needs certificateArn (an ACM certificate in us-east-1)');
  if (certificateArn && !domainName) throw new Error('context certificateArn is only used with domainName');
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(
      'context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront only uses certificates there)',
    );
  }
  const hostedZoneId = text('hostedZoneId');
  const hostedZoneName = text('hostedZoneName');
  if ((hostedZoneId || hostedZoneName) && !(hostedZoneId && hostedZoneName && domainName)) {
    throw new Error('context hostedZoneId and hostedZoneName go together, and only with domainName');
  }
  return { domainName, certificateArn, hostedZoneId, hostedZoneName };
}

function readMailAndModel({ text, flag }: ContextValues) {
  const mailFrom = text('mailFrom') ?? 'no-reply@example.com';
  if (!EMAIL_PATTERN.test(mailFrom) && !DOMAIN_PATTERN.test(mailFrom)) {
    throw new Error(`context mailFrom "${mailFrom}" must be an email address or a domain`);
  }
  const sesSendRate = Number(text('sesSendRate') ?? 14);
  if (!Number.isFinite(sesSendRate) || sesSendRate <= 0)
    throw new Error(`context sesSendRate "${text('sesSendRate')}" must be a positive number of messages per second`);
  const bedrockModelId = text('bedrockModelId');
  if (bedrockModelId && !/^[A-Za-z0-9][\w.:/-]{0,299}$/.test(bedrockModelId)) {
    throw new Error(
      `context bedrockModelId "${bedrockModelId}" is not a Bedrock model id, inference profile id or ARN`,
    );
  }
  const notesModel: true | undefined = flag('notesModel') ? true : undefined;
  if (notesModel && !bedrockModelId) throw new Error('context notesModel needs bedrockModelId (the model it calls)');
  return { mailFrom, sesSendRate, bedrockModelId, notesModel };
}

function readOperations({ text }: ContextValues) {
  const alarmEmail = text('alarmEmail');
  if (alarmEmail && !EMAIL_PATTERN.test(alarmEmail))
    throw new Error(`context alarmEmail "${alarmEmail}" must be an email address`);
  const tracingSampleRate = Number(text('tracingSampleRate') ?? 0.05);
  if (!Number.isFinite(tracingSampleRate) || tracingSampleRate < 0 || tracingSampleRate > 1) {
    throw new Error(`context tracingSampleRate "${text('tracingSampleRate')}" must be a fraction between 0 and 1`);
  }
  const region = text('region');
  if (region && !/^[a-z]{2}(-[a-z]+)+-\d$/.test(region))
    throw new Error(`context region "${region}" is not an AWS region`);
  return { alarmEmail, tracingSampleRate, region };
}

/** Production data outlives the stack; every other stage is disposable. */
export function isProduction(settings: Pick<StackSettings, 'stage'>): boolean {
  return settings.stage === 'prod';
}

/** The address mail is sent from: the identity itself, or no-reply@ a domain identity. */
export function senderAddress(mailFrom: string): string {
  return mailFrom.includes('@') ? mailFrom : `no-reply@${mailFrom}`;
}

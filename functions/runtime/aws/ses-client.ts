import { SESv2Client } from '@aws-sdk/client-sesv2';
import { traced } from '../tracing.js';
import { perEndpoint } from './clients.js';

const sesFor = perEndpoint((endpoint) => traced(new SESv2Client({ endpoint })));

/** Imported only by modules loaded on demand (runtime/mail/ses-send.ts), D106. */
export function sesClient(): SESv2Client {
  return sesFor(process.env.AWS_ENDPOINT_URL_SESV2 || undefined);
}

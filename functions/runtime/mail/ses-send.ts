import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../aws/ses-client.js';
import { config } from '../config.js';
import type { Mail } from './send-mail.js';

// Loaded on demand by send-mail.ts (D106); nothing else imports it.

/** One SendEmail call, from MAIL_FROM, text and HTML bodies; send-mail.ts retries it when throttled. */
export async function sendThroughSes(mail: Mail): Promise<void> {
  const command = new SendEmailCommand({
    FromEmailAddress: config.mailFrom,
    Destination: { ToAddresses: [mail.to] },
    ConfigurationSetName: config.sesConfigurationSet,
    ...(mail.tags ? { EmailTags: Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: mail.text, Charset: 'UTF-8' },
          Html: { Data: mail.html, Charset: 'UTF-8' },
        },
        ...(mail.headers ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
      },
    },
  });
  await sesClient().send(command);
}

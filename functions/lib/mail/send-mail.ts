import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../aws/clients.js';
import { config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One message through SES v2 (the SES emulator locally), from MAIL_FROM, text and HTML bodies. */
export async function sendMail(mail: Mail): Promise<void> {
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      ConfigurationSetName: config.sesConfigurationSet,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            Html: { Data: mail.html, Charset: 'UTF-8' },
          },
        },
      },
    }),
  );
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

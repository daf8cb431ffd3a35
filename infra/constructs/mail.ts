import { Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { senderAddress } from '../settings.js';

export interface MailProps {
  namePrefix: string;
  /** An address or a domain. */
  mailFrom: string;
  /** Grant sending on every identity of the account (SES sandbox authorizes recipients too). */
  sandbox: boolean;
  /** When mailFrom is this zone's domain, DKIM records are created in it. */
  hostedZone?: { id: string; name: string };
}

/** The SES sending identity and the configuration set every message is sent through. */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly fromAddress: string;
  readonly isDomainIdentity: boolean;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MailProps,
  ) {
    super(scope, id);
    this.fromAddress = senderAddress(props.mailFrom);
    this.isDomainIdentity = !props.mailFrom.includes('@');

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: props.namePrefix,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    const zone = props.hostedZone;
    const identity =
      this.isDomainIdentity && zone && zone.name.replace(/\.$/, '') === props.mailFrom
        ? Identity.publicHostedZone(
            PublicHostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: zone.id, zoneName: zone.name }),
          )
        : this.isDomainIdentity
          ? Identity.domain(props.mailFrom)
          : Identity.email(props.mailFrom);
    this.identity = new EmailIdentity(this, 'Identity', { identity, configurationSet: this.configurationSet });
  }

  /**
   * Bounce and complaint events of the configuration set → an SNS topic (encrypted with its own
   * key, which SES may use; TLS only) → `handler`, which turns the recipient's daily mail off.
   */
  sendFeedbackTo(handler: IFunction): Topic {
    const key = new Key(this, 'FeedbackKey', {
      description: 'SES bounce and complaint notifications',
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    const topic = new Topic(this, 'Feedback', {
      topicName: `${this.props.namePrefix}-mail-feedback`,
      masterKey: key,
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('Feedback', {
      destination: EventDestination.snsTopic(topic),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    topic.addSubscription(new LambdaSubscription(handler));
    return topic;
  }

  /** ses:SendEmail on the identity and the configuration set, nothing else. */
  grantSend(grantee: IGrantable): void {
    this.identity.grantSendEmail(grantee);
    const stack = Stack.of(this);
    const resources = [
      stack.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: this.configurationSet.configurationSetName,
      }),
    ];
    if (this.props.sandbox)
      resources.push(stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }));
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources }));
  }
}

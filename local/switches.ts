import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocument } from '../functions/runtime/aws/clients.js';
import { config } from '../functions/runtime/config.js';
import { SWITCH, SWITCHES_KEY, type SwitchName } from '../functions/runtime/switches.js';

/** The switch names `npm run switch` accepts. */
export const SWITCH_NAMES: readonly SwitchName[] = Object.values(SWITCH);

/**
 * Turns one kill switch on or off in the switch item (runtime/switches.ts), as the runbook's
 * `aws dynamodb update-item` does in AWS (docs/deploy.md). Functions see it within their cache period.
 */
export async function setSwitch(name: SwitchName, on: boolean): Promise<void> {
  await dynamoDocument().send(
    new UpdateCommand({
      TableName: config.switchesTable,
      Key: SWITCHES_KEY,
      UpdateExpression: 'SET #name = :on',
      ExpressionAttributeNames: { '#name': name },
      ExpressionAttributeValues: { ':on': on },
    }),
  );
}

/** Every switch's state as stored (absent: on). */
export async function readSwitches(): Promise<Record<SwitchName, boolean>> {
  const { Item } = await dynamoDocument().send(
    new GetCommand({ TableName: config.switchesTable, Key: SWITCHES_KEY, ConsistentRead: true }),
  );
  return Object.fromEntries(SWITCH_NAMES.map((name) => [name, Item?.[name] !== false])) as Record<SwitchName, boolean>;
}

import { describe, expect, it } from 'vitest';
import { readSettings } from '../../infra/settings.js';
import { synthesize } from './synth.js';

/**
 * One synthesis without bundling (~15 s; the infra project's stack.test.ts checks the default
 * stack, where no function has any bedrock statement since none is added without the context).
 * The Bedrock grant of evaluate-answer (docs/decisions/questions-and-favorites.md): only with
 * `-c bedrockModelId=…`, only to groups whose manifest access says `bedrock`, only on that model.
 * The notes model tier (docs/decisions/questions-from-notes.md): `-c notesModel=true` turns it on
 * (NOTES_MODEL) only on the function serving POST /api/notes-questions/, and only with a model.
 */
type Resource = { Properties: Record<string, any> };

function grants(context: Record<string, unknown>) {
  const { template } = synthesize({ context });
  const functions = Object.entries(template.findResources('AWS::Lambda::Function') as Record<string, Resource>)
    .map(([id, r]) => ({
      id,
      props: r.Properties,
      tag: (r.Properties.Tags as { Key: string; Value: string }[] | undefined)?.find(
        (t) => t.Key === 'quizbank:function',
      )?.Value,
    }))
    .filter((f) => f.tag);
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
  return functions.map((f) => {
    const roleId = f.props.Role['Fn::GetAtt'][0] as string;
    const statements = policies
      .filter((p) =>
        (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })),
      )
      .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('bedrock:')));
    return { name: f.tag!, env: f.props.Environment?.Variables as Record<string, unknown>, statements };
  });
}

describe('Bedrock grant for evaluate-answer', () => {
  it('gives only the questions group InvokeModel on the configured model and its id', () => {
    const all = grants({ bedrockModelId: 'apac.anthropic.claude-3-haiku-20240307-v1:0' });
    for (const f of all) {
      if (f.name !== 'route-group:questions') {
        expect(f.statements, f.name).toEqual([]);
        expect(f.env.BEDROCK_MODEL_ID, f.name).toBeUndefined();
        continue;
      }
      // Without -c notesModel=true the model serves evaluate-answer only.
      expect(f.env.NOTES_MODEL).toBeUndefined();
      expect(f.env.BEDROCK_MODEL_ID).toBe('apac.anthropic.claude-3-haiku-20240307-v1:0');
      expect(f.statements).toHaveLength(1);
      expect(f.statements[0]!.Action).toBe('bedrock:InvokeModel');
      const resources = JSON.stringify(f.statements[0]!.Resource);
      expect(resources).toContain('inference-profile/apac.anthropic.claude-3-haiku-20240307-v1:0');
      expect(resources).toContain('foundation-model/anthropic.claude-3-haiku-20240307-v1:0');
      expect(resources).not.toMatch(/"\*"/);
    }
    expect(all.some((f) => f.name === 'route-group:questions')).toBe(true);
  }, 120_000);
});

describe('the notes model tier flag', () => {
  it('is refused without a model, and off unless set', () => {
    const read = (context: Record<string, unknown>) => readSettings((key) => context[key]);
    expect(() => read({ notesModel: 'true' })).toThrow(/notesModel needs bedrockModelId/);
    expect(read({ bedrockModelId: 'm' }).notesModel).toBeUndefined();
    expect(read({ bedrockModelId: 'm', notesModel: 'false' }).notesModel).toBeUndefined();
    expect(read({ bedrockModelId: 'm', notesModel: 'true' }).notesModel).toBe(true);
  });

  it('turns the tier on and grants InvokeModel only on the function serving the notes route', () => {
    const all = grants({ bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0', notesModel: 'true' });
    const on = all.filter((f) => f.env.NOTES_MODEL === 'on').map((f) => f.name);
    expect(on).toEqual(['route-group:questions']);
    for (const f of all) {
      if (f.name === 'route-group:questions') {
        expect(f.env.BEDROCK_MODEL_ID).toBe('anthropic.claude-3-haiku-20240307-v1:0');
        expect(f.statements.map((s) => s.Action)).toEqual(['bedrock:InvokeModel']);
        expect(JSON.stringify(f.statements[0]!.Resource)).toContain(
          'foundation-model/anthropic.claude-3-haiku-20240307-v1:0',
        );
      } else {
        expect(f.statements, f.name).toEqual([]);
        expect(f.env.NOTES_MODEL, f.name).toBeUndefined();
      }
    }
  }, 120_000);
});

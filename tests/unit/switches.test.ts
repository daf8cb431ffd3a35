import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';

const send = vi.fn();
vi.mock('../../functions/runtime/data/db.js', () => ({ db: () => ({ send }) }));

const { SWITCH, forgetSwitches, isSwitchOn, requireSwitchOn } = await import('../../functions/runtime/switches.js');
const { AppError } = await import('../../functions/runtime/http/app-error.js');
const { COMMON_ERROR_MESSAGES: ERROR_MESSAGES } = await import('#shared/i18n/error-messages.js');

beforeEach(() => {
  process.env.APP_TABLE = 'app';
  delete process.env.SWITCHES_TABLE;
  delete process.env.FEATURE_SWITCH_CACHE_SECONDS;
  forgetSwitches();
  send.mockReset();
});
afterEach(() => forgetSwitches());

const item = (values: Record<string, unknown> | undefined) => send.mockResolvedValue({ Item: values });

describe('kill switches (D361)', () => {
  it('reads the CONFIG/SWITCHES item of the app table once per 30 s per instance', async () => {
    item({ pk: 'CONFIG', sk: 'SWITCHES', fsrs_fit: false });
    let now = 1_000_000;
    const clock = () => now;
    expect(await isSwitchOn(SWITCH.fsrsFit, clock)).toBe(false);
    expect(await isSwitchOn(SWITCH.dailyMail, clock)).toBe(true);
    now += 29_999;
    expect(await isSwitchOn(SWITCH.fsrsFit, clock)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].input).toEqual({ TableName: 'app', Key: { pk: 'CONFIG', sk: 'SWITCHES' } });

    // Switched back on: seen once the cached read is 30 s old.
    item({ pk: 'CONFIG', sk: 'SWITCHES', fsrs_fit: true });
    now += 1;
    expect(await isSwitchOn(SWITCH.fsrsFit, clock)).toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('is on when the item or the attribute is missing, off only for a stored false', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.dictionary(fc.constantFrom('daily_mail', 'fsrs_fit', 'model_calls', 'other'), fc.anything())),
        fc.constantFrom(...Object.values(SWITCH)),
        async (values, name) => {
          forgetSwitches();
          item(values ?? undefined);
          expect(await isSwitchOn(name)).toBe(values?.[name] !== false);
        },
      ),
    );
  });

  it('reads the table the environment names, with no cache when told 0 s', async () => {
    process.env.SWITCHES_TABLE = 'switches-only';
    process.env.FEATURE_SWITCH_CACHE_SECONDS = '0';
    item({});
    await isSwitchOn(SWITCH.modelCalls);
    await isSwitchOn(SWITCH.modelCalls);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].input.TableName).toBe('switches-only');
  });

  it('a paused path throws 503 feature_paused with Retry-After, worded in both languages', async () => {
    item({ daily_mail: false });
    const error = await requireSwitchOn(SWITCH.dailyMail).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'feature_paused', extra: { headers: { 'retry-after': '300' } } });
    expect(ERROR_MESSAGES.feature_paused.ko).toContain('{seconds}');
    expect(ERROR_MESSAGES.feature_paused.en).toContain('{seconds}');
    await expect(requireSwitchOn(SWITCH.fsrsFit)).resolves.toBeUndefined();
  });

  it('a failed read throws (a 503 upstream) and is not cached', async () => {
    send.mockRejectedValueOnce(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    await expect(isSwitchOn(SWITCH.fsrsFit)).rejects.toThrow('throttled');
    item({});
    expect(await isSwitchOn(SWITCH.fsrsFit)).toBe(true);
  });
});

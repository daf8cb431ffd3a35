import * as dailyQuiz from '#shared/contracts/daily-quiz.js';
import * as profile from '#shared/contracts/profile.js';
import { profileGroup } from '#shared/route-groups/profile.js';
import { bind, createGroupHandler } from './group-handler.js';
import { dailyMailUnsubscribe, dailyMailUnsubscribePage } from '../domains/mail/index.js';
import {
  changeLanguage,
  deleteMyAccount,
  getProfile,
  updateProfile,
  updateRetentionSettings,
} from '../domains/accounts/index.js';

export const handler = createGroupHandler(profileGroup, [
  bind(profile.getProfileLanguage, (_input, ctx) => getProfile(ctx)),
  bind(profile.getProfile, (_input, ctx) => getProfile(ctx)),
  bind(profile.updateProfile, (input, ctx) => updateProfile(input, ctx)),
  bind(profile.updateRetentionSettings, (input, ctx) => updateRetentionSettings(input, ctx)),
  bind(profile.changeLanguage, (input, ctx) => changeLanguage(input, ctx)),
  bind(profile.deleteMyAccount, (_input, ctx) => deleteMyAccount(ctx)),
  bind(dailyQuiz.dailyMailUnsubscribePage, dailyMailUnsubscribePage),
  bind(dailyQuiz.dailyMailUnsubscribe, dailyMailUnsubscribe),
]);

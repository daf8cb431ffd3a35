import * as auth from '#shared/contracts/auth.js';
import { authGroup } from '#shared/route-groups/auth.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  sendEmailVerification,
  verifyEmail,
  googleConfig,
  googleSignIn,
  authStatus,
  changePassword,
  login,
  logout,
  register,
} from '../domains/accounts/index.js';

export const handler = createGroupHandler(authGroup, [
  bind(auth.register, (input, ctx) => register(input, ctx)),
  bind(auth.login, (input, ctx) => login(input, ctx)),
  bind(auth.logout, (_input, ctx) => logout(ctx)),
  bind(auth.authStatus, (_input, ctx) => authStatus(ctx)),
  bind(auth.changePassword, (input, ctx) => changePassword(input, ctx)),
  bind(auth.sendEmailVerification, (_input, ctx) => sendEmailVerification(ctx)),
  bind(auth.verifyEmail, (input, ctx) => verifyEmail(input, ctx)),
  bind(auth.googleOauthConfig, (input) => googleConfig(input)),
  bind(auth.googleSignIn, (input, ctx) => googleSignIn(input, ctx)),
]);

import * as contracts from '../../shared/contracts/links.js';
import { AppError } from '../lib/http/app-error.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';

// SCAFFOLD: replaced by the real services (issue 5).
const notBuilt = async (): Promise<never> => {
  throw new AppError(501, 'not_implemented');
};

export const handler = createGroupHandler('links', [
  bind(contracts.createShortUrl, notBuilt),
  bind(contracts.followShortLink, notBuilt),
]);

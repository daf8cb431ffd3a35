import * as tags from '#shared/contracts/tags.js';
import { tagsGroup } from '#shared/route-groups/tags.js';
import { bind, createGroupHandler } from '../lib/http/create-group-handler.js';
import * as services from './services.js';

export const handler = createGroupHandler(tagsGroup, [
  bind(tags.listTags, services.listTags),
  bind(tags.createTag, services.createTag),
  bind(tags.listStudyTags, services.listStudyTags),
]);

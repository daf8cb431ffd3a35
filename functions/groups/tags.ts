import * as tags from '#shared/contracts/tags.js';
import { tagsGroup } from '#shared/route-groups/tags.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as services from '../domains/tags/index.js';

export const handler = createGroupHandler(tagsGroup, [
  bind(tags.listTags, services.listTags),
  bind(tags.createTag, services.createTag),
  bind(tags.listStudyTags, services.listStudyTags),
]);

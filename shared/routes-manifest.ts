import type { RouteGroup } from './route-group.js';
import { systemGroup } from './route-groups/system.js';
import { authGroup } from './route-groups/auth.js';
import { profileGroup } from './route-groups/profile.js';
import { profileExportGroup } from './route-groups/profile-export.js';
import { usersGroup } from './route-groups/users.js';
import { usersSheetsGroup } from './route-groups/users-sheets.js';
import { studyMembersGroup } from './route-groups/study-members.js';
import { studyProgressGroup } from './route-groups/study-progress.js';
import { filesGroup } from './route-groups/files.js';
import { filesSheetsGroup } from './route-groups/files-sheets.js';
import { examsGroup } from './route-groups/exams.js';
import { tagsGroup } from './route-groups/tags.js';
import { resultsGroup } from './route-groups/results.js';
import { questionsGroup } from './route-groups/questions.js';
import { linksGroup } from './route-groups/links.js';
import { studiesGroup } from './route-groups/studies.js';
import { studiesSheetsGroup } from './route-groups/studies-sheets.js';
import { memoryFitGroup } from './route-groups/memory-fit.js';
import { imagesGroup } from './route-groups/images.js';

export type { RouteGroup } from './route-group.js';

/**
 * The one place route groups are listed; each group declares its routes in
 * `shared/route-groups/<name>.ts`, and every route is declared in exactly one group. The CDK stack
 * and the local server both build their routing from this list. A group's handler imports only its
 * own declaration (not this list), so a Lambda never evaluates another group's contracts (D73).
 */
export const ROUTE_GROUPS: RouteGroup[] = [
  systemGroup,
  authGroup,
  profileGroup,
  profileExportGroup,
  usersGroup,
  usersSheetsGroup,
  studyMembersGroup,
  studyProgressGroup,
  filesGroup,
  filesSheetsGroup,
  examsGroup,
  tagsGroup,
  resultsGroup,
  questionsGroup,
  linksGroup,
  studiesGroup,
  studiesSheetsGroup,
  memoryFitGroup,
  imagesGroup,
];

/** The group that answers any request no route matches (API Gateway's `$default` route). */
export const FALLBACK_GROUP = 'system';

export function findGroup(name: string): RouteGroup {
  const group = ROUTE_GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`unknown route group ${name}`);
  return group;
}

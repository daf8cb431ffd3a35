import * as users from '#shared/contracts/users.js';
import { usersGroup } from '#shared/route-groups/users.js';
import { bind, createGroupHandler } from './group-handler.js';
import { createUser, deleteUserByAdmin, listUsers, searchUsers, updateUserByAdmin } from '../domains/accounts/index.js';

export const handler = createGroupHandler(usersGroup, [
  bind(users.listUsers, listUsers),
  bind(users.createUser, (input, ctx) => createUser(input, ctx)),
  bind(users.updateUser, (input, ctx) => updateUserByAdmin(input, ctx)),
  bind(users.deleteUser, (input, ctx) => deleteUserByAdmin(input, ctx)),
  bind(users.searchUsers, (input, ctx) => searchUsers(input, ctx)),
]);

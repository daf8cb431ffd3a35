import * as memoryFit from '#shared/contracts/memory-fit.js';
import { memoryFitGroup } from '#shared/route-groups/memory-fit.js';
import { bind, createGroupHandler } from './group-handler.js';
import { fitMemory, getMemoryFit } from '../domains/learning/index.js';

export const handler = createGroupHandler(memoryFitGroup, [
  bind(memoryFit.getMemoryFit, getMemoryFit),
  bind(memoryFit.fitMemory, fitMemory),
]);

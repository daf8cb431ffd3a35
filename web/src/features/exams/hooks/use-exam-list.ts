import { useEffect, useMemo, useRef, useState } from 'react';
import type { Tag } from '#shared/contracts/tags.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { useDomainTag, useTagList, withRequiredTag } from '../../tags/index.js';
import { useExamPages } from '../api/get-exam-pages.js';
import { buildExamTree, treeExams } from '../utils/exam-tree.js';
import { effectiveScope, examListQuery, type ExamScope } from '../utils/list-query.js';

/** docs/product.md#limits: the title search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The exam list and its filters: scope (my / public / all), title search and tags, the pages
 * read for them, and the tree they make (versions inside their original's row).
 */
export function useExamList(signedIn: boolean, isAdmin: boolean) {
  const domainTag = useDomainTag();

  const [chosenScope, setScope] = useState<ExamScope>(signedIn ? 'my' : 'public');
  const scope = effectiveScope(chosenScope, signedIn, isAdmin);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, SEARCH_DEBOUNCE_MS);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const tagIds = useMemo(() => withRequiredTag(chosenTags, domainTag?.id), [chosenTags, domainTag?.id]);
  const [tagModalOpen, setTagModalOpen] = useState(false);
  const switched = useRef(false);
  /**
   * The list was moved to the public exams for the user: said above the rows, not in a toast (D255),
   * and only once the public rows have arrived ('moving' until then), so the line comes with them and
   * pushes nothing down; it stays while a later search loads.
   */
  const [moved, setMoved] = useState<'no' | 'moving' | 'moved'>('no');

  const filters = { scope, search, tagIds };
  const list = useExamPages(examListQuery(filters));
  const nodes = useMemo(() => buildExamTree(list.exams), [list.exams]);
  const shown = useMemo(() => treeExams(nodes), [nodes]);
  const byId = useMemo(() => new Map(shown.map((exam) => [exam.id, exam])), [shown]);
  const tags = useTagList('exam', tagModalOpen || tagIds.length > 0);
  // Tags picked in the filter from a server search may lie past the loaded pages: their chips need them.
  const [pickedTags, setPickedTags] = useState<Tag[]>([]);
  const tagById = new Map([...pickedTags, ...(tags.tags ?? [])].map((tag) => [tag.id, tag]));

  // docs/product.md#exam-management: a signed-in user whose own list is empty is moved once to the public list. Only a
  // fresh answer decides: a cached list may be from before the user had exams, and
  // while a query loads the previous one's list stays on screen (keepPreviousData).
  const authoritativeFirstPage = list.isFresh ? list.firstPage : undefined;
  useEffect(() => {
    if (switched.current || !signedIn || scope !== 'my' || !authoritativeFirstPage) return;
    if (authoritativeFirstPage.results.length === 0 && search.trim() === '' && chosenTags.length === 0) {
      switched.current = true;
      setScope('public');
      setMoved('moving');
    } else {
      switched.current = true;
    }
  }, [authoritativeFirstPage, scope, signedIn, search, chosenTags.length]);

  // Set while rendering, not in an effect: React renders again before it commits, so the line comes in the
  // render that shows the public rows, not one after it.
  if (moved === 'moving' && list.isFresh) setMoved('moved');

  /** The user's own choice of scope: the list is no longer moved for them. */
  const chooseScope = (value: ExamScope) => {
    switched.current = true;
    setMoved('no');
    setScope(value);
  };

  /** After a create: the new exam is in the user's own list. */
  const showOwn = () => {
    setMoved('no');
    if (scope === 'public') setScope('my');
  };

  const filtered = search.trim() !== '' || chosenTags.length > 0;

  return {
    domainTag,
    scope,
    movedToPublic: moved === 'moved',
    chooseScope,
    showOwn,
    searchInput,
    setSearchInput,
    search,
    setChosenTags,
    tagIds,
    filters,
    filtered,
    tagModalOpen,
    setTagModalOpen,
    tags,
    tagById,
    setPickedTags,
    list,
    nodes,
    shown,
    byId,
  };
}

export type ExamList = ReturnType<typeof useExamList>;

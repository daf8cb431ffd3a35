import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Study } from '#shared/contracts/studies.js';
import type { Language } from '#shared/domain/language.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useRecordStudyProgress } from '../../study-progress/index.js';
import { useDomainTag, useTagList, withRequiredTag } from '../../tags/index.js';
import { useStudyPages } from '../api/get-study-pages.js';
import { effectiveStudyScope, studyListQuery, type StudyScope } from '../utils/list-query.js';
import { calendarStudiesOf } from '../utils/study-view.js';
import { useStudyRelations, type StudyRelation } from './use-study-relations.js';

type StudyPages = ReturnType<typeof useStudyPages>;

/**
 * The scope and tags chosen for the list. `switched` is set once the list may no longer be moved
 * for the user: by their own choice, or after the one automatic move.
 */
function useStudyFilters(signedIn: boolean, domainTagId: string | undefined) {
  const [chosenScope, setScope] = useState<StudyScope>(signedIn ? 'my' : 'public');
  const scope = effectiveStudyScope(chosenScope, signedIn);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const tagIds = useMemo(() => withRequiredTag(chosenTags, domainTagId), [chosenTags, domainTagId]);
  const [tagModalOpen, setTagModalOpen] = useState(false);
  const switched = useRef(false);

  /** The user's own choice of scope: the list is no longer moved for them. */
  const chooseScope = (value: StudyScope) => {
    switched.current = true;
    setScope(value);
  };

  /** The user's own choice of tags (the domain's tag is always added). */
  const chooseTags = (ids: string[]) => {
    switched.current = true;
    setChosenTags(ids.filter((id) => id !== domainTagId));
  };

  /** After a create: the new study is in the user's own list. */
  const showOwn = () => {
    switched.current = true;
    if (scope === 'public') setScope('my');
  };

  return {
    scope,
    setScope,
    chosenTags,
    setChosenTags,
    tagIds,
    tagModalOpen,
    setTagModalOpen,
    switched,
    chooseScope,
    chooseTags,
    showOwn,
  };
}

/** docs/product.md#studies: the list records progress of the caller's listed studies (the hook throttles to once in 5 minutes). */
function useListedStudyProgress(
  signedIn: boolean,
  list: StudyPages,
  relationOf: (study: Study) => StudyRelation,
): void {
  const memberStudyIds = list.firstPage
    ? list.studies.filter((study) => relationOf(study).isMember).map((study) => study.id)
    : [];
  useRecordStudyProgress(signedIn && memberStudyIds.length > 0 ? { studyIds: memberStudyIds, pageType: 'list' } : null);
}

/** The listed studies as the calendar shows them: a title in the current language, dates or null. */
function useCalendarStudies(studies: StudyPages['studies'], language: Language) {
  const { t } = useTranslation();
  const untitled = t('studies.list.untitled');
  return useMemo(() => calendarStudiesOf(studies, language, untitled), [studies, language, untitled]);
}

interface SwitchInput {
  signedIn: boolean;
  scope: StudyScope;
  chosenTagCount: number;
  list: StudyPages;
  switched: MutableRefObject<boolean>;
  setScope(scope: StudyScope): void;
}

/**
 * docs/product.md#studies: "my" with no study switches once to "public", with an info toast. Only a fresh
 * answer decides: a cached list may predate the user's first study.
 */
function useSwitchToPublicOnce({ signedIn, scope, chosenTagCount, list, switched, setScope }: SwitchInput): void {
  const { t } = useTranslation();
  const toast = useToast();
  const authoritativeFirstPage = list.isFresh ? list.firstPage : undefined;
  useEffect(() => {
    if (switched.current || !signedIn || scope !== 'my' || !authoritativeFirstPage) return;
    switched.current = true;
    if (authoritativeFirstPage.results.length === 0 && chosenTagCount === 0) {
      setScope('public');
      toast.info(t('studies.filters.switchedToPublic'));
    }
  }, [authoritativeFirstPage, scope, signedIn, chosenTagCount, t, toast, switched, setScope]);
}

/** `?refresh=true` (after leaving a study) asks for a fresh list once. */
function useRefreshOnRequest(reload: StudyPages['reload']): void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('refresh') !== 'true') return;
    void reload();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('refresh');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, reload]);
}

/**
 * The study list and its filters: scope and tags, the pages read for them, the caller's relation
 * to each study, and the same studies as the calendar shows them.
 */
export function useStudyList(signedIn: boolean, language: Language) {
  const domainTag = useDomainTag();
  const filters = useStudyFilters(signedIn, domainTag?.id);
  const { scope, tagIds, tagModalOpen } = filters;
  const relationOf = useStudyRelations();

  const list = useStudyPages(studyListQuery(scope, tagIds));
  useListedStudyProgress(signedIn, list, relationOf);
  const tags = useTagList('study', tagModalOpen || tagIds.length > 0);
  const tagById = new Map((tags.tags ?? []).map((tag) => [tag.id, tag]));
  const calendarStudies = useCalendarStudies(list.studies, language);

  useSwitchToPublicOnce({
    signedIn,
    scope,
    chosenTagCount: filters.chosenTags.length,
    list,
    switched: filters.switched,
    setScope: filters.setScope,
  });
  useRefreshOnRequest(list.reload);

  return {
    domainTag,
    scope,
    chooseScope: filters.chooseScope,
    showOwn: filters.showOwn,
    tagIds,
    setChosenTags: filters.setChosenTags,
    chooseTags: filters.chooseTags,
    tagModalOpen,
    setTagModalOpen: filters.setTagModalOpen,
    tags,
    tagById,
    list,
    relationOf,
    calendarStudies,
  };
}

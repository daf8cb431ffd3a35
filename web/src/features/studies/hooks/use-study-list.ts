import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Language } from '#shared/domain/language.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import { useRecordStudyProgress } from '../../study-progress/index.js';
import { useDomainTag, useTagList, withRequiredTag } from '../../tags/index.js';
import { useStudyPages } from '../api/get-study-pages.js';
import { effectiveStudyScope, studyListQuery, type StudyScope } from '../utils/list-query.js';
import { studyTitle } from '../utils/study-view.js';
import { useStudyRelations } from './use-study-relations.js';

/**
 * The study list and its filters: scope and tags, the pages read for them, the caller's relation
 * to each study, and the same studies as the calendar shows them.
 */
export function useStudyList(signedIn: boolean, language: Language) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const domainTag = useDomainTag();

  const [chosenScope, setScope] = useState<StudyScope>(signedIn ? 'my' : 'public');
  const scope = effectiveStudyScope(chosenScope, signedIn);
  const [chosenTags, setChosenTags] = useState<string[]>([]);
  const tagIds = useMemo(() => withRequiredTag(chosenTags, domainTag?.id), [chosenTags, domainTag?.id]);
  const [tagModalOpen, setTagModalOpen] = useState(false);
  const switched = useRef(false);
  const relationOf = useStudyRelations();

  const list = useStudyPages(studyListQuery(scope, tagIds));
  // docs/product.md#studies: the list records progress of the caller's listed studies (the hook throttles to once in 5 minutes).
  const memberStudyIds = list.firstPage
    ? list.studies.filter((study) => relationOf(study).isMember).map((study) => study.id)
    : [];
  useRecordStudyProgress(signedIn && memberStudyIds.length > 0 ? { studyIds: memberStudyIds, pageType: 'list' } : null);
  const tags = useTagList('study', tagModalOpen || tagIds.length > 0);
  const tagById = new Map((tags.tags ?? []).map((tag) => [tag.id, tag]));
  const untitled = t('studies.list.untitled');
  const calendarStudies = useMemo(
    () =>
      list.studies.map((study) => ({
        ...study,
        title: studyTitle(study, language, untitled),
        start_date: study.start_date ?? null,
        end_date: study.end_date ?? null,
      })),
    [list.studies, language, untitled],
  );

  // docs/product.md#studies: "my" with no study switches once to "public", with an info toast. Only a fresh
  // answer decides: a cached list may predate the user's first study.
  const authoritativeFirstPage = list.isFresh ? list.firstPage : undefined;
  useEffect(() => {
    if (switched.current || !signedIn || scope !== 'my' || !authoritativeFirstPage) return;
    switched.current = true;
    if (authoritativeFirstPage.results.length === 0 && chosenTags.length === 0) {
      setScope('public');
      toast.info(t('studies.filters.switchedToPublic'));
    }
  }, [authoritativeFirstPage, scope, signedIn, chosenTags.length, t, toast]);

  // `?refresh=true` (after leaving a study) asks for a fresh list once.
  const { reload } = list;
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

  /** The user's own choice of scope: the list is no longer moved for them. */
  const chooseScope = (value: StudyScope) => {
    switched.current = true;
    setScope(value);
  };

  /** The user's own choice of tags (the domain's tag is always added). */
  const chooseTags = (ids: string[]) => {
    switched.current = true;
    setChosenTags(ids.filter((id) => id !== domainTag?.id));
  };

  /** After a create: the new study is in the user's own list. */
  const showOwn = () => {
    switched.current = true;
    if (scope === 'public') setScope('my');
  };

  return {
    domainTag,
    scope,
    chooseScope,
    showOwn,
    tagIds,
    setChosenTags,
    chooseTags,
    tagModalOpen,
    setTagModalOpen,
    tags,
    tagById,
    list,
    relationOf,
    calendarStudies,
  };
}

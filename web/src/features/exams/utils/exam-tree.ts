import type { Exam } from '#shared/contracts/exam-schemas.js';

export interface ExamNode {
  exam: Exam;
  /** Version children (retakes) under their original, oldest version first. */
  children: Exam[];
}

/**
 * docs/product.md#exam-management: a list tree of exams with their versions. A version shows under its original
 * when the original is loaded (from the original's `versions` and from loaded versions, which
 * may arrive on another page); otherwise it stands on its own row.
 */
export function buildExamTree(exams: readonly Exam[]): ExamNode[] {
  const unique = [...new Map(exams.map((exam) => [exam.id, exam])).values()];
  const byId = new Map(unique.map((exam) => [exam.id, exam]));
  const children = new Map<string, Map<string, Exam>>();
  const nested = new Set<string>();

  const attach = (parentId: string, child: Exam) => {
    const list = children.get(parentId) ?? new Map<string, Exam>();
    // A fully loaded record wins over the version summary.
    if (!list.has(child.id) || byId.has(child.id)) list.set(child.id, byId.get(child.id) ?? child);
    children.set(parentId, list);
    nested.add(child.id);
  };

  for (const exam of unique) {
    for (const version of exam.versions ?? []) {
      if (version.id === exam.id) continue;
      attach(exam.id, {
        id: version.id,
        title: version.title,
        display_title: version.display_title,
        version_number: version.version_number,
        total_questions: version.total_questions,
        is_public: version.is_public,
        created_at: version.created_at,
        created_by: version.created_by,
        original_exam: exam.id,
        is_original: false,
      });
    }
    if (exam.original_exam && exam.original_exam !== exam.id && byId.has(exam.original_exam))
      attach(exam.original_exam, exam);
  }

  return unique
    .filter((exam) => !nested.has(exam.id) || !byId.has(exam.original_exam ?? ''))
    .map((exam) => ({
      exam,
      children: [...(children.get(exam.id)?.values() ?? [])].sort(
        (a, b) => (a.version_number ?? 1) - (b.version_number ?? 1),
      ),
    }));
}

/** Every exam id of the tree, children included (select all, bulk actions). */
export function treeExams(nodes: readonly ExamNode[]): Exam[] {
  return nodes.flatMap((node) => [node.exam, ...node.children]);
}

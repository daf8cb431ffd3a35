import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildLambdaInMemory, loadedAtInit, metafileOutput, ROOT_DIR, type LambdaBuild } from '../../infra/bundling.js';
import { MODULES_WITH_SIDE_EFFECTS, SIDE_EFFECT_FREE_FOLDERS } from '../../infra/side-effect-free.js';

/**
 * D509: the Lambda build takes our modules for side-effect free, except those named. A module left
 * off that list loses its effect in every bundle that uses none of its names, and only a deployed
 * Lambda would show it (the local cloud runs the sources), so the list is read off the sources here.
 */
const sourceFiles = SIDE_EFFECT_FREE_FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT_DIR, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.(test|d)\.tsx?$/.test(path))
    .map((path) => `${folder}${path.split('\\').join('/')}`),
);

/** Statements that only define names (a variable's initializer included: that is the rule's premise). */
const DEFINING = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportEqualsDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.EmptyStatement,
]);

/** Modules with a top-level statement that does something, and modules imported for their effect alone. */
function modulesWithEffects(): string[] {
  const found = new Set<string>();
  for (const path of sourceFiles) {
    const source = ts.createSourceFile(path, readFileSync(join(ROOT_DIR, path), 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!DEFINING.has(statement.kind)) found.add(path);
      if (
        ts.isImportDeclaration(statement) &&
        !statement.importClause &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        const target = statement.moduleSpecifier.text;
        if (target.startsWith('.')) {
          const absolute = resolve(dirname(join(ROOT_DIR, path)), target).replace(/\.js$/, '.ts');
          found.add(relative(ROOT_DIR, absolute).split('\\').join('/'));
        }
      }
    }
  }
  return [...found].sort();
}

/** The modules with code in the named output files of a build (esbuild also lists those it emptied). */
const modulesIn = (lambda: LambdaBuild, paths: string[]) =>
  paths.flatMap((path) =>
    Object.entries(metafileOutput(lambda, path).inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([module]) => module),
  );

const atInit = async (entry: string, overrides = {}) => {
  const lambda = await buildLambdaInMemory(entry, { sourcemap: false, logLevel: 'silent', ...overrides });
  return modulesIn(lambda, loadedAtInit(lambda));
};

describe('our modules are side-effect free in a Lambda, except those named (D509)', () => {
  it('the named modules are exactly those whose evaluation does something', () => {
    expect(sourceFiles.length).toBeGreaterThan(300);
    expect([...MODULES_WITH_SIDE_EFFECTS].sort()).toEqual(modulesWithEffects());
  });

  it('a group leaves out the modules it names none of: auth reads no exam store and no files contract', async () => {
    const [pruned, whole] = await Promise.all([
      atInit('functions/groups/auth.ts'),
      atInit('functions/groups/auth.ts', { plugins: [] }),
    ]);
    const unused = ['functions/domains/exams/exam-store.ts', 'shared/contracts/files.ts'];
    expect(whole).toEqual(expect.arrayContaining(unused));
    expect(pruned.filter((input) => unused.includes(input))).toEqual([]);
  });

  it("a module kept for its effect stays: the exams Lambda registers the studies' links", async () => {
    const lambda = await buildLambdaInMemory('functions/groups/exams.ts', { sourcemap: false, logLevel: 'silent' });
    const everywhere = modulesIn(
      lambda,
      [lambda.entry, ...lambda.chunks].map((script) => script.path),
    );
    expect(everywhere).toContain('functions/domains/studies/exam-links.ts');
  });
});

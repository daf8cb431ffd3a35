#!/usr/bin/env node
/**
 * Codemod: every relative import of `shared/` becomes the package subpath import `#shared/…`
 * (declared once in package.json "imports"; see docs/contributing.md for why that beats a
 * tsconfig `paths` alias).
 *
 *   node scripts/codemods/shared-alias.mjs [--check] [root]
 *
 * Module specifiers are found with the TypeScript parser, not a regular expression, so strings that
 * merely look like paths are left alone. Rewritten: import/export declarations, `import()` (also in
 * types), `import x = require()`, and the module argument of `vi.mock`-style calls. Files inside
 * `shared/` keep their relative imports of each other: the folder stays a self-contained unit.
 * Idempotent: a `#shared/` specifier is not relative, so a second run changes nothing.
 * `--check` writes nothing and exits 1 when a file would change (for CI or a pre-merge look).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? '.');
const sharedDir = join(root, 'shared');
const ALIAS = '#shared/';
const SKIPPED_DIRS = ['node_modules', 'cdk.out', 'dist', '.data', '.git', 'coverage'];
/** vitest helpers whose first argument is a module specifier. */
const MODULE_TAKING_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

/** The literal nodes of a file that name a module. */
function moduleSpecifiers(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      found.push(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isModuleTakingCall = ts.isPropertyAccessExpression(callee) && MODULE_TAKING_CALLS.has(callee.name.text);
      if (isDynamicImport || isModuleTakingCall) found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.filter((node) => ts.isStringLiteralLike(node));
}

/** `#shared/…` for a relative specifier that points into shared/, else undefined. */
function aliasFor(specifier, fromFile) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const target = resolve(dirname(fromFile), specifier);
  const inShared = relative(sharedDir, target);
  if (inShared === '' || inShared.startsWith('..') || inShared.startsWith(sep)) return undefined;
  return ALIAS + inShared.split(sep).join('/');
}

function rewrite(file) {
  const isInShared = !relative(sharedDir, file).startsWith('..');
  if (isInShared) return undefined;
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const edits = moduleSpecifiers(sourceFile)
    .map((literal) => ({ literal, alias: aliasFor(literal.text, file) }))
    .filter(({ alias }) => alias !== undefined);
  if (edits.length === 0) return undefined;
  let output = text;
  // Back to front, so earlier offsets stay valid; the quote character is kept.
  for (const { literal, alias } of edits.sort(
    (a, b) => b.literal.getStart(sourceFile) - a.literal.getStart(sourceFile),
  )) {
    const start = literal.getStart(sourceFile) + 1;
    const end = literal.getEnd() - 1;
    output = output.slice(0, start) + alias + output.slice(end);
  }
  return { output, count: edits.length };
}

/** Every TypeScript file under `dir`, skipping dependencies and build output. */
function typeScriptFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.includes(entry.name) ? [] : typeScriptFiles(path);
    return /\.[mc]?tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = typeScriptFiles(root);

let changedFiles = 0;
let changedImports = 0;
for (const file of files) {
  const result = rewrite(file);
  if (!result) continue;
  changedFiles += 1;
  changedImports += result.count;
  if (checkOnly) console.log(`would rewrite ${result.count} in ${relative(root, file)}`);
  else writeFileSync(file, result.output);
}
console.log(
  `${checkOnly ? 'would rewrite' : 'rewrote'} ${changedImports} imports in ${changedFiles} files (${files.length} scanned)`,
);
if (checkOnly && changedFiles > 0) process.exitCode = 1;

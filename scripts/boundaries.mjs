// The module and package boundaries of STYLE.md, checked on every `npm test` instead of remembered in review:
// which server module may use which repository, where SQL may live, what the web features and the shared packages
// may import, and that every workspace declares the packages it imports. Imports are read with TypeScript's
// parser (static, `export ... from`, dynamic `import()`, `require()`, `import('x')` types), so comments and strings
// never count as imports.
//
//   node scripts/boundaries.mjs                  check; exit 1 on a new violation or a stale allow-list entry
//   node scripts/boundaries.mjs --report         tables touched per server module, SQL outside repositories,
//                                                cross-module repository imports, the largest server files
//   node scripts/boundaries.mjs --write-allowed  rewrite scripts/boundaries-allowed.txt from the tree (review the
//                                                diff: the list is meant only to shrink)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, posix, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

export const SERVER_SRC = 'apps/server/src/'
export const SERVER_ENTRY = 'apps/server/src/main.ts'
const MODULES = `${SERVER_SRC}modules/`
const FLOWS = `${SERVER_SRC}flows/`
const WEB = 'apps/web/'
const WEB_FEATURES = 'apps/web/app/features/'
const WEB_SHARED = ['apps/web/app/components/', 'apps/web/app/lib/']
const SIMULATORS = '@soko/payment-simulators'
// What the web app may never import: the server and the database, whatever the path.
const WEB_FORBIDDEN = new Set(['@soko/server', '@soko/db', 'drizzle-orm', 'pg', '@electric-sql/pglite'])
const WEB_FORBIDDEN_PATHS = ['apps/server/', 'packages/db/']

/** Every rule, as the check names it, with what it means. */
export const RULES = {
  'repository-import': "a server file imports another module's repository (flows import none)",
  'sql-outside-repository': 'SQL in a server file that is not a repository or read model',
  'feature-imports-feature': 'a web feature imports another feature (routes compose them)',
  'shared-imports-feature': 'web components/ or lib/, shared by every feature, import a feature',
  'domain-import': 'packages/domain imports something other than its own files',
  'contract-import': 'packages/contract imports something other than zod, @soko/domain and its own files',
  'web-imports-server': 'the web app imports the server or the database',
  'simulators-import': 'product code imports the payment stand-ins (only the entry point may start them)',
  'undeclared-dependency': 'a workspace imports a package its package.json does not declare',
  'workspace-path-import': 'a relative path into another workspace, instead of its package name',
}

// ── Where a file is ─────────────────────────────────────────────────────────────────────────────────────────────

/** Test code: `*.test.*`, `*.spec.*`, and anything under a `test/` or `tests/` folder. */
export function isTestFile(path) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(path) || /(^|\/)(test|tests|__tests__)\//.test(path)
}

/** Tool configuration (`vite.config.ts`, `drizzle.config.ts` ...): like tests, it may use the root's dev tools. */
export function isConfigFile(path) {
  return /(^|\/)[^/]+\.config\.[cm]?[jt]s$/.test(path)
}

/** The server module a file belongs to: `modules/admin/orders/service.ts` is in `admin`. */
export function serverModuleOf(path) {
  const rest = path.slice(MODULES.length)
  return path.startsWith(MODULES) && rest.includes('/') ? (rest.split('/')[0] ?? null) : null
}

/**
 * Who owns a server file: its module, else its folder in parentheses (`(plugins)`, `(cli)`, `(flows)`, `(src)`
 * for app.ts and main.ts). A repository may be imported only by files with the same owner.
 */
export function ownerOf(path) {
  const module = serverModuleOf(path)
  if (module) return module
  const rest = path.slice(SERVER_SRC.length)
  return rest.includes('/') ? `(${rest.split('/')[0]})` : '(src)'
}

/** Repository files hold a module's SQL: `repository.ts`, `*-repository.ts`, anything in a `repository/` folder,
 *  and read models (`read-model.ts`, `*-read-model.ts`: screens that read across tables), which count as their own
 *  module's repositories. */
export function isRepositoryFile(path) {
  if (!path.startsWith(SERVER_SRC) || isTestFile(path)) return false
  const name = posix.basename(path)
  return /^(?:[\w.-]+-)?(?:repository|read-model)\.[cm]?ts$/.test(name) || /\/repository\//.test(path)
}

/** The web feature a file belongs to: `apps/web/app/features/cart/cart-store.ts` is in `cart`. */
export function webFeatureOf(path) {
  const rest = path.slice(WEB_FEATURES.length)
  return path.startsWith(WEB_FEATURES) && rest.includes('/') ? (rest.split('/')[0] ?? null) : null
}

// ── Reading a source file ───────────────────────────────────────────────────────────────────────────────────────

const SQL_START =
  /^\s*\(?\s*(?:select\s[\s\S]*\sfrom\s|select\s+(?:\d|\*|pg_|now\(|count\(|exists\s*\(|set_config|current_)|insert\s+into\s|update\s+[\w."]+\s+set\s|delete\s+from\s|with\s+(?:recursive\s+)?\w+\s+as\s*\(|(?:create|alter|drop)\s+(?:table|index|unique\s+index|extension|view|function|trigger|schema|type)\s|truncate\s|lock\s+table\s|checkpoint\s*;?\s*$|vacuum\b|(?:un)?listen\s+\w|notify\s+\w)/

/**
 * Whether a string is SQL: it opens with an SQL statement written in lower or upper case. Title case ("Select a
 * category from the list") is a sentence, not SQL.
 */
export function looksLikeSql(text) {
  const first = /^\s*\(?\s*([A-Za-z]+)/.exec(text)?.[1]
  if (!first) return false
  if (first === first.toLowerCase()) return SQL_START.test(text)
  return first === first.toUpperCase() && SQL_START.test(text.toLowerCase())
}

const TABLE_REFERENCE =
  /\b(?:from|join|into|update|table|truncate|using)\s+(?:only\s+)?(?:if\s+(?:not\s+)?exists\s+)?"?(?:public"?\."?)?([a-z_][a-z0-9_]*)"?/gi

/** The tables an SQL text names (after from, join, into, update, table ...), among the known ones. */
export function tablesIn(text, knownTables) {
  const found = new Set()
  for (const match of text.matchAll(TABLE_REFERENCE)) {
    const name = match[1]?.toLowerCase()
    if (name && knownTables.has(name)) found.add(name)
  }
  return found
}

function templateText(template) {
  const piece = (node) => node.rawText ?? node.text ?? ''
  if (ts.isNoSubstitutionTemplateLiteral(template)) return piece(template)
  return piece(template.head) + template.templateSpans.map((span) => ` $x ${piece(span.literal)}`).join('')
}

function scriptKind(path) {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (/\.[cm]?ts$/.test(path)) return ts.ScriptKind.TS
  if (path.endsWith('.jsx')) return ts.ScriptKind.JSX
  return ts.ScriptKind.JS
}

const isTypeOnlyClause = (clause) => clause.isTypeOnly || clause.phaseModifier === ts.SyntaxKind.TypeKeyword

/**
 * What a source file imports and where it holds SQL.
 * - imports: `{ specifier, line, kind: 'static' | 'dynamic' | 'require' | 'type', typeOnly }`
 * - sql: `{ line, kind }` for each `sql` template, `sql.raw(...)`, `typedRows(...)`, `.execute(...)`, value import
 *   of a Drizzle table from `@soko/db/schema/*`, `pgTable(...)`, and string that opens with an SQL statement
 * - sqlTexts: the SQL text found (templates and strings), to tell which tables it names
 * - schemaTables: Drizzle table bindings imported as values: `{ module, name }` (`name` undefined for `* as x`)
 */
export function scanSource(text, path) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKind(path))
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const imports = []
  const sql = []
  const sqlTexts = []
  const schemaTables = []
  const addImport = (node, specifier, kind, typeOnly) => imports.push({ specifier, line: lineOf(node), kind, typeOnly })
  const addSql = (node, kind, sqlText) => {
    sql.push({ line: lineOf(node), kind })
    if (sqlText !== undefined) sqlTexts.push(sqlText)
  }

  function visit(node) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text
      const clause = node.importClause
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null
      const typeOnly =
        !!clause &&
        (isTypeOnlyClause(clause) ||
          (!clause.name && !!named && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)))
      addImport(node, specifier, 'static', typeOnly)
      if (specifier.startsWith('@soko/db/schema/') && clause && !typeOnly) {
        const tables = named
          ? named.elements
              .filter((e) => !e.isTypeOnly)
              .map((e) => ({ module: specifier, name: (e.propertyName ?? e.name).text }))
          : [{ module: specifier, name: undefined }]
        schemaTables.push(...tables)
        if (tables.length > 0) addSql(node, 'drizzle table')
      }
      return
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      addImport(node, node.moduleSpecifier.text, 'static', node.isTypeOnly)
      return
    }
    if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      addImport(node, node.moduleReference.expression.text, 'require', node.isTypeOnly)
      return
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      addImport(node, node.argument.literal.text, 'type', true)
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      const [first] = node.arguments
      const literal =
        first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : null
      if (callee.kind === ts.SyntaxKind.ImportKeyword && literal !== null) addImport(node, literal, 'dynamic', false)
      if (ts.isIdentifier(callee) && callee.text === 'require' && literal !== null) {
        addImport(node, literal, 'require', false)
      }
      if (ts.isIdentifier(callee) && callee.text === 'typedRows') addSql(node, 'typedRows(')
      if (ts.isIdentifier(callee) && callee.text === 'pgTable') addSql(node, 'pgTable(')
      if (ts.isPropertyAccessExpression(callee)) {
        if (callee.name.text === 'execute') addSql(node, '.execute(')
        if (ts.isIdentifier(callee.expression) && callee.expression.text === 'sql') {
          addSql(node, `sql.${callee.name.text}(`, literal ?? undefined)
          // The literal argument is counted here; other arguments may hold more SQL of their own.
          for (const argument of node.arguments) if (argument !== first || literal === null) visit(argument)
          return
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      addSql(node, 'sql`…`', templateText(node.template))
      // The template's text is counted here; its substitutions may hold more SQL of their own.
      if (ts.isTemplateExpression(node.template)) for (const span of node.template.templateSpans) visit(span.expression)
      return
    }
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && looksLikeSql(node.text)) {
      addSql(node, 'SQL string', node.text)
    }
    if (ts.isTemplateExpression(node)) {
      const text = templateText(node)
      if (looksLikeSql(text)) addSql(node, 'SQL string', text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { imports, sql, sqlTexts, schemaTables }
}

// ── Where an import leads ───────────────────────────────────────────────────────────────────────────────────────

const BUILTINS = new Set(builtinModules)

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx']

/** The file a path names, as TypeScript with `allowImportingTsExtensions` and bundler resolution finds it. */
export function resolveFile(path, exists) {
  const candidates = [path]
  if (/\.[cm]?jsx?$/.test(path)) candidates.push(path.replace(/\.([cm]?)js(x?)$/, '.$1ts$2'))
  candidates.push(...EXTENSIONS.map((ext) => path + ext), ...EXTENSIONS.map((ext) => `${path}/index${ext}`))
  return candidates.find((candidate) => exists(candidate)) ?? path
}

function exportTarget(pkg, subpath) {
  const exports = pkg.exports
  const key = subpath === '' ? '.' : `./${subpath}`
  if (!exports) return subpath === '' ? (pkg.main ?? 'index') : subpath
  if (typeof exports === 'string') return subpath === '' ? exports : null
  const entry = (value) => (typeof value === 'string' ? value : (value?.import ?? value?.default ?? null))
  if (key in exports) return entry(exports[key])
  for (const [pattern, value] of Object.entries(exports)) {
    const star = pattern.indexOf('*')
    if (star === -1) continue
    const [before, after] = [pattern.slice(0, star), pattern.slice(star + 1)]
    if (key.startsWith(before) && key.endsWith(after) && key.length >= before.length + after.length) {
      const target = entry(value)
      return target?.replace('*', key.slice(before.length, key.length - after.length)) ?? null
    }
  }
  return null
}

/**
 * Where `specifier`, imported by the repository-relative file `from`, leads:
 * `{ specifier, kind: 'relative' | 'package' | 'builtin' | 'other', package?, path? }`. `workspaces` maps each
 * workspace's package name to `{ dir, manifest }`, so that `@soko/db/client` leads to `packages/db/src/client.ts`.
 */
export function resolveImport(from, specifier, { exists, workspaces }) {
  if (specifier.startsWith('.')) {
    const path = resolveFile(posix.normalize(posix.join(posix.dirname(from), specifier)), exists)
    return { specifier, kind: 'relative', path }
  }
  if (specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0] ?? '')) {
    return { specifier, kind: 'builtin' }
  }
  // Absolute paths, `virtual:` modules and the like are the bundler's business.
  if (specifier.startsWith('/') || /^[a-z]+:/i.test(specifier)) return { specifier, kind: 'other' }
  const name = packageNameOf(specifier)
  const workspace = workspaces.get(name)
  if (!workspace) return { specifier, kind: 'package', package: name }
  const target = exportTarget(workspace.manifest, specifier.slice(name.length + 1))
  const path = target ? resolveFile(posix.normalize(posix.join(workspace.dir, target)), exists) : null
  return { specifier, kind: 'package', package: name, path }
}

/** How an import's target is written in a violation and the allow-list: a file's path, else the specifier. */
export const targetName = (target) => (target.kind === 'relative' ? target.path : target.specifier)

// ── The rules: each takes an import `{ from, target }` (and what it needs to know) and names the rule it breaks ──

/** A repository is its module's own: another module, a plugin or app.ts calls the module's service; flows never
 *  import a repository (they call services). */
export function repositoryImportRule({ from, target }) {
  if (!from.startsWith(SERVER_SRC) || isTestFile(from) || !target.path || !isRepositoryFile(target.path)) return null
  if (from.startsWith(FLOWS)) return 'repository-import'
  return ownerOf(from) === ownerOf(target.path) ? null : 'repository-import'
}

/** Features never import each other (routes compose them); components/ and lib/ never import a feature. */
export function webFeatureRule({ from, target }) {
  if (isTestFile(from) || !target.path) return null
  const to = webFeatureOf(target.path)
  if (!to) return null
  const fromFeature = webFeatureOf(from)
  if (fromFeature) return fromFeature === to ? null : 'feature-imports-feature'
  return WEB_SHARED.some((dir) => from.startsWith(dir)) ? 'shared-imports-feature' : null
}

/** STYLE.md's package rules: domain imports nothing; contract only zod and domain; the web never reaches the
 *  server or the database. */
export function packageRule({ from, target }) {
  if (isTestFile(from)) return null
  if (from.startsWith('packages/domain/')) {
    return target.kind === 'relative' && target.path.startsWith('packages/domain/') ? null : 'domain-import'
  }
  if (from.startsWith('packages/contract/')) {
    if (target.kind === 'relative' && target.path.startsWith('packages/contract/')) return null
    if (target.kind === 'package' && (target.package === 'zod' || target.package === '@soko/domain')) return null
    return 'contract-import'
  }
  if (from.startsWith(WEB)) {
    if (target.kind === 'package' && WEB_FORBIDDEN.has(target.package)) return 'web-imports-server'
    if (target.path && WEB_FORBIDDEN_PATHS.some((dir) => target.path.startsWith(dir))) return 'web-imports-server'
  }
  return null
}

/**
 * The payment stand-ins are started by the server's entry point only (main.ts, or a file such as stand-ins.ts that
 * nothing but main.ts imports), by themselves and by tests; never by product code. `importersOf(file)` lists the
 * non-test files that import `file`.
 */
export function simulatorsRule({ from, target }, { importersOf }) {
  const intoSimulators = target.package === SIMULATORS || (target.path ?? '').startsWith('apps/payment-simulators/')
  if (!intoSimulators || isTestFile(from) || from.startsWith('apps/payment-simulators/') || from === SERVER_ENTRY) {
    return null
  }
  const importers = importersOf(from)
  return importers.length > 0 && importers.every((file) => file === SERVER_ENTRY) ? null : 'simulators-import'
}

const declares = (manifest, name) =>
  ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].some(
    (field) => manifest?.[field]?.[name] !== undefined,
  )

/**
 * A workspace declares every package it imports in its own package.json; tests and tool configuration may also use
 * the repository's dev tools (the root's devDependencies: Vitest, Playwright ...). Another workspace is reached by
 * its package name, never by a relative path. `workspaceOf(file)` is `{ dir, name, manifest }` or null.
 */
export function dependencyRule({ from, target }, { workspaceOf, rootManifest }) {
  const workspace = workspaceOf(from)
  if (!workspace) return null
  if (target.kind === 'relative') {
    const other = workspaceOf(target.path)
    return !isTestFile(from) && other && other.dir !== workspace.dir ? 'workspace-path-import' : null
  }
  if (target.kind !== 'package' || target.package === workspace.name) return null
  if (declares(workspace.manifest, target.package)) return null
  if ((isTestFile(from) || isConfigFile(from)) && declares(rootManifest, target.package)) return null
  return 'undeclared-dependency'
}

/** SQL lives in repositories and read models (and in packages/db, which is not under the server); tests are free. */
export function sqlRule(file, findings) {
  if (!file.startsWith(SERVER_SRC) || isTestFile(file) || isRepositoryFile(file) || findings.length === 0) return null
  return 'sql-outside-repository'
}

// ── The whole tree ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Every violation in a set of scanned files: `files` is `[{ path, scan, lines }]` (scan from `scanSource`),
 * `context` is `{ exists, workspaces, workspaceOf, rootManifest }`. Violations are `{ file, line, rule, target,
 * detail? }`, sorted by file and line; `edges` are every resolved import, for the report.
 */
export function findViolations(files, context) {
  const edges = files.flatMap(({ path, scan }) =>
    scan.imports.map((found) => ({
      from: path,
      line: found.line,
      typeOnly: found.typeOnly,
      target: resolveImport(path, found.specifier, context),
    })),
  )
  const importers = new Map()
  for (const edge of edges) {
    if (!edge.target.path || isTestFile(edge.from)) continue
    const list = importers.get(edge.target.path) ?? []
    if (!list.includes(edge.from)) list.push(edge.from)
    importers.set(edge.target.path, list)
  }
  const rulesContext = { ...context, importersOf: (file) => importers.get(file) ?? [] }
  const violations = []
  for (const edge of edges) {
    for (const rule of [repositoryImportRule, webFeatureRule, packageRule, simulatorsRule, dependencyRule]) {
      const broken = rule(edge, rulesContext)
      if (broken) violations.push({ file: edge.from, line: edge.line, rule: broken, target: targetName(edge.target) })
    }
  }
  for (const { path, scan } of files) {
    if (sqlRule(path, scan.sql)) {
      const kinds = [...new Set(scan.sql.map((s) => s.kind))].join(', ')
      violations.push({
        file: path,
        line: scan.sql[0].line,
        rule: 'sql-outside-repository',
        target: 'SQL',
        detail: kinds,
      })
    }
  }
  violations.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1))
  return { violations, edges }
}

/** A violation as the allow-list writes it: `file -> target (rule)`. */
export const allowKey = (violation) => `${violation.file} -> ${violation.target} (${violation.rule})`

/** The allow-list's entries: one a line; blank lines and `#` comments are skipped. */
export function parseAllowList(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/** Splits violations into those the allow-list names and new ones, and names the entries that no longer occur. */
export function compareWithAllowList(violations, entries) {
  const allowed = new Set(entries)
  const occurring = new Set(violations.map(allowKey))
  return {
    fresh: violations.filter((v) => !allowed.has(allowKey(v))),
    known: violations.filter((v) => allowed.has(allowKey(v))),
    stale: [...new Set(entries)].filter((entry) => !occurring.has(entry)),
  }
}

// ── The report (issue 16's counts) ──────────────────────────────────────────────────────────────────────────────

/** Table names created by the migrations, and each Drizzle schema file's table bindings (`{ module: { js: sql } }`). */
export function readTables(migrationTexts, schemaFiles) {
  const tables = new Set()
  for (const text of migrationTexts) {
    for (const match of text.matchAll(
      /create\s+(?:unlogged\s+)?table\s+(?:if\s+not\s+exists\s+)?"?(?:public"?\."?)?([a-z_][a-z0-9_]*)"?/gi,
    )) {
      tables.add(match[1].toLowerCase())
    }
  }
  const schema = {}
  for (const [module, text] of Object.entries(schemaFiles)) {
    schema[module] = {}
    for (const match of text.matchAll(/export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z_][a-z0-9_]*)['"]/g)) {
      schema[module][match[1]] = match[2]
    }
  }
  return { tables, schema }
}

/** Which tables each server file's SQL names. */
export function tablesTouched(scan, { tables, schema }) {
  const touched = new Set()
  for (const text of scan.sqlTexts) for (const table of tablesIn(text, tables)) touched.add(table)
  for (const { module, name } of scan.schemaTables) {
    const bindings = schema[module] ?? {}
    for (const table of name === undefined ? Object.values(bindings) : [bindings[name]]) if (table) touched.add(table)
  }
  return touched
}

/** Issue 16's measures of the server, as text. */
export function report(files, edges, tableInfo) {
  const server = files.filter(({ path }) => path.startsWith(SERVER_SRC) && !isTestFile(path) && /\.[cm]?ts$/.test(path))
  const byOwner = new Map()
  for (const { path, scan } of server) {
    const owner = ownerOf(path)
    const set = byOwner.get(owner) ?? new Set()
    for (const table of tablesTouched(scan, tableInfo)) set.add(table)
    byOwner.set(owner, set)
  }
  const owners = [...byOwner.keys()].filter((owner) => byOwner.get(owner).size > 0).sort()
  const width = Math.max(...owners.map((o) => o.length), 8)
  const out = []
  const modules = owners.filter((owner) => !owner.startsWith('('))
  out.push(
    `Tables each server module touches in SQL (${modules.length} modules; folders outside modules in parentheses):`,
  )
  for (const owner of owners) {
    const set = [...byOwner.get(owner)].sort()
    out.push(`  ${owner.padEnd(width)}  ${String(set.length).padStart(2)}  ${set.join(', ')}`)
  }
  const touchers = new Map()
  for (const owner of modules)
    for (const table of byOwner.get(owner)) touchers.set(table, [...(touchers.get(table) ?? []), owner])
  const shared = [...touchers]
    .filter(([, list]) => list.length > 1)
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
  out.push('', `Tables touched by more than one module: ${shared.length}`)
  for (const [table, list] of shared) out.push(`  ${table.padEnd(22)}  ${list.length}  ${list.join(', ')}`)
  const sqlFiles = server.filter(({ path, scan }) => sqlRule(path, scan.sql))
  out.push('', `Server files outside repositories that hold SQL: ${sqlFiles.length}`)
  for (const { path, scan } of sqlFiles)
    out.push(`  ${path}  (${[...new Set(scan.sql.map((s) => s.kind))].join(', ')})`)
  const crossing = edges.filter((edge) => repositoryImportRule(edge))
  out.push('', `Imports of another module's repository: ${crossing.length}`)
  for (const edge of crossing) {
    out.push(`  ${edge.from}:${edge.line} -> ${edge.target.path}${edge.typeOnly ? ' (types only)' : ''}`)
  }
  const largest = [...server].sort((a, b) => b.lines - a.lines || (a.path < b.path ? -1 : 1)).slice(0, 10)
  out.push('', 'Largest server source files (lines):')
  for (const { path, lines } of largest) out.push(`  ${String(lines).padStart(5)}  ${path}`)
  return out.join('\n')
}

// ── Running it ──────────────────────────────────────────────────────────────────────────────────────────────────

const SKIPPED_DIRS = new Set([
  'node_modules',
  'build',
  'dist',
  '.react-router',
  'public',
  'test-results',
  'playwright-report',
  'coverage',
  'data',
  '.cache',
])
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/

function* sourceFiles(root, dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue
    const path = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) yield* sourceFiles(root, path)
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

/** The workspaces of the root package.json (`apps/*`, `packages/*`): `{ dir, name, manifest }`. */
function readWorkspaces(root, rootManifest) {
  const found = []
  for (const pattern of rootManifest.workspaces ?? []) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${pattern.slice(0, -2)}/${e.name}`)
      : [pattern]
    for (const dir of dirs) {
      const file = join(root, dir, 'package.json')
      if (!existsSync(file)) continue
      const manifest = JSON.parse(readFileSync(file, 'utf8'))
      found.push({ dir, name: manifest.name, manifest })
    }
  }
  return found
}

/** Scans the repository at `root`: every source file of every workspace. */
export function scanRepository(root) {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const list = readWorkspaces(root, rootManifest)
  const workspaces = new Map(list.map((w) => [w.name, w]))
  const workspaceOf = (path) => list.find((w) => path.startsWith(`${w.dir}/`)) ?? null
  const exists = (path) => existsSync(join(root, path)) && statSync(join(root, path)).isFile()
  const files = list.flatMap((w) =>
    [...sourceFiles(root, w.dir)].map((path) => {
      const text = readFileSync(join(root, path), 'utf8')
      return { path, scan: scanSource(text, path), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }
    }),
  )
  return { files, context: { exists, workspaces, workspaceOf, rootManifest } }
}

function readTableInfo(root) {
  const migrationsDir = join(root, 'packages/db/migrations')
  const migrations = readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => readFileSync(join(migrationsDir, name), 'utf8'))
  const schemaDir = join(root, 'packages/db/src/schema')
  const schemaFiles = Object.fromEntries(
    readdirSync(schemaDir)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => [`@soko/db/schema/${name.replace(/\.ts$/, '')}`, readFileSync(join(schemaDir, name), 'utf8')]),
  )
  return readTables(migrations, schemaFiles)
}

const ALLOW_LIST_HEADER = `# Known boundary violations of today's tree, allowed while issue 16's refactors land: \`file -> target (rule)\`.
# \`node scripts/boundaries.mjs\` (a stage of \`npm test\`) fails on any violation not listed here AND on a line that
# no longer occurs, so this list only shrinks: fix a violation, then delete its line. Never add one.
`

function main(argv) {
  const root = join(import.meta.dirname, '..')
  const allowFile = join(root, 'scripts/boundaries-allowed.txt')
  const { files, context } = scanRepository(root)
  const { violations, edges } = findViolations(files, context)
  if (argv.includes('--report')) {
    console.log(report(files, edges, readTableInfo(root)))
    return 0
  }
  if (argv.includes('--write-allowed')) {
    const keys = [...new Set(violations.map(allowKey))]
    writeFileSync(allowFile, `${ALLOW_LIST_HEADER}${keys.map((key) => `${key}\n`).join('')}`)
    console.log(`${relative(root, allowFile).split(sep).join('/')}: ${keys.length} entries`)
    return 0
  }
  const entries = existsSync(allowFile) ? parseAllowList(readFileSync(allowFile, 'utf8')) : []
  const { fresh, known, stale } = compareWithAllowList(violations, entries)
  const line = (v) => `${v.file}:${v.line}  ${v.rule}  ${v.target}${v.detail ? `  (${v.detail})` : ''}`
  if (known.length > 0) {
    console.log(`Known violations (scripts/boundaries-allowed.txt; fix one, then delete its line):`)
    for (const v of known) console.log(`  ${line(v)}`)
  }
  if (fresh.length > 0) {
    console.error('\nBoundary violations:')
    for (const v of fresh) console.error(line(v))
  }
  if (stale.length > 0) {
    console.error('\nAllow-list entries that no longer occur (delete them from scripts/boundaries-allowed.txt):')
    for (const entry of stale) console.error(entry)
  }
  console.log('\nBoundaries, per rule (violations: new / allowed):')
  for (const rule of Object.keys(RULES)) {
    const count = (list) => list.filter((v) => v.rule === rule).length
    console.log(
      `  ${rule.padEnd(24)} ${String(count(fresh)).padStart(3)} / ${String(count(known)).padStart(3)}   ${RULES[rule]}`,
    )
  }
  console.log(
    `boundaries: ${files.length} files, ${fresh.length} new violation(s), ${known.length} allowed, ${stale.length} stale allow-list entr${stale.length === 1 ? 'y' : 'ies'}`,
  )
  return fresh.length > 0 || stale.length > 0 ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)))

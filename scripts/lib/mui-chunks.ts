import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { DEFAULT_OUT_DIR } from './compile-form-validators.js';

/** MUI and what it draws with: its packages, emotion and their small helpers. */
const MUI = /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|clsx|stylis|hoist-non-react-statics|@babel[\\/]runtime|react-is|prop-types)[\\/]/;

/** The names a module asks of another: some, or all of them (a namespace import, `export *` of everything). */
type Wanted = Set<string> | 'all';

interface Edge {
  source: string;
  /** What this module asks of the source whatever is asked of it (its own imports). */
  imports?: Wanted;
  /** Re-exports: exported name -> the source's name (`*` for `export *`, `ns:` for `export * as ns`). */
  reexports?: Map<string, string>;
}

interface BuildContext {
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
  resolve(source: string, importer: string): Promise<{ id: string } | null>;
}

const nameOf = (node: { type: string; name?: string; value?: unknown }) => (node.type === 'Identifier' ? node.name! : String(node.value));

interface Parsed {
  edges: Edge[];
  /** The names the module declares and exports itself (not re-exports from another module). */
  own: Set<string>;
}

/** The static imports and re-exports of a module's code, and the names it exports of its own. */
function parse(code: string, id: string): Parsed {
  let program;
  try {
    program = parseAst(code, { lang: /\.tsx?$/.test(id) ? 'tsx' : 'jsx' });
  } catch {
    return { edges: [], own: new Set(['*']) };
  }
  const edges: Edge[] = [];
  const own = new Set<string>();
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') own.add('default');
    else if (node.type === 'ExportNamedDeclaration' && !node.source) {
      // `export const a = ...`, `export function a()`, `export { a, b as c }` (possibly imported, then used as is).
      const d = node.declaration as { id?: { name: string }; declarations?: Array<{ id: { type: string; name?: string } }> } | null;
      if (d?.id) own.add(d.id.name);
      for (const v of d?.declarations ?? []) own.add(v.id.type === 'Identifier' ? v.id.name! : '*');
      for (const s of node.specifiers) own.add(nameOf(s.exported));
    }
    if (node.type === 'ImportDeclaration') {
      if (node.importKind === 'type') continue;
      const names = new Set<string>();
      let all = false;
      for (const s of node.specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') all = true;
        else if (s.type === 'ImportDefaultSpecifier') names.add('default');
        else if (s.importKind !== 'type') names.add(nameOf(s.imported));
      }
      edges.push({ source: String(node.source.value), imports: all ? 'all' : names });
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      if (node.exportKind === 'type') continue;
      edges.push({ source: String(node.source.value), reexports: new Map(node.specifiers.filter((s) => s.exportKind !== 'type').map((s) => [nameOf(s.exported), nameOf(s.local)])) });
    } else if (node.type === 'ExportAllDeclaration') {
      if (node.exportKind === 'type') continue;
      edges.push({ source: String(node.source.value), reexports: new Map([[node.exported ? `ns:${nameOf(node.exported)}` : '*', '*']]) });
    }
  }
  // CommonJS (no export statement): whatever is asked of it is its own.
  if (!own.size && !edges.some((e) => e.reexports)) own.add('*');
  return { edges, own };
}

/**
 * The modules a set of pages uses that `keep` accepts: their static imports followed transitively, through a barrel
 * (`import { Button } from '@mui/material'`) only to the names asked of it, as the bundler's tree shaking keeps them.
 */
async function usedBy(ctx: BuildContext, entries: string[], keep: (id: string) => boolean): Promise<Set<string>> {
  const found = new Set<string>();
  const asked = new Map<string, Wanted>();
  const parsed = new Map<string, { own: Set<string>; edges: Array<Edge & { id: string | null }> }>();
  const used = new Set<string>();
  const queue: Array<[string, Wanted]> = entries.map((id) => [id, 'all']);
  while (queue.length) {
    const [id, wanted] = queue.shift()!;
    const before = asked.get(id);
    if (before === 'all' || (before && wanted !== 'all' && [...wanted].every((n) => before.has(n)))) continue;
    asked.set(id, wanted === 'all' || !before ? wanted : new Set([...before, ...wanted]));
    if (!parsed.has(id)) {
      const info = ctx.getModuleInfo(id);
      const { edges, own } = info?.code ? parse(info.code, id) : { edges: [], own: new Set(['*']) };
      const resolved = await Promise.all(edges.map(async (e) => ({ ...e, id: (await ctx.resolve(e.source, id))?.id ?? null })));
      // CommonJS: what it requires, all of it (react-is, prop-types).
      if (own.has('*') && !edges.length) resolved.push(...(info?.importedIds ?? []).map((dep) => ({ source: dep, id: dep, imports: 'all' as const })));
      parsed.set(id, { own, edges: resolved });
    }
    const { own, edges } = parsed.get(id)!;
    // The module's own code is kept when something it declares is asked for (or everything, or its side effects):
    // then what it imports is needed too. A barrel only passes the names on.
    const usedNow = !used.has(id) && (wanted === 'all' || wanted.size === 0 || own.has('*') || [...wanted].some((n) => own.has(n)));
    if (usedNow) {
      used.add(id);
      if (keep(id)) found.add(id);
    }
    for (const edge of edges) {
      if (!edge.id || edge.id.startsWith('\0')) continue;
      if (edge.imports && usedNow) queue.push([edge.id, edge.imports]);
      if (!edge.reexports) continue;
      const names = new Set<string>();
      let all = false;
      for (const [exported, local] of edge.reexports) {
        if (exported === '*') {
          if (wanted === 'all') all = true;
          else wanted.forEach((n) => names.add(n));
        } else if (exported.startsWith('ns:')) {
          if (wanted === 'all' || wanted.has(exported.slice(3))) all = true;
        } else if (wanted === 'all' || wanted.has(exported)) names.add(local);
      }
      if (all) queue.push([edge.id, 'all']);
      else if (names.size) queue.push([edge.id, names]);
    }
  }
  return found;
}

/** Our own code and the small packages it uses, not MUI and not a form's generated module (each stays its own file). */
const APP_CODE = (id: string) => !id.startsWith('\0') && !MUI.test(id) && !/[\\/]src[\\/]ui[\\/]generated[\\/]/.test(id);

/**
 * A wizard step's code in four chunks instead of one per module (Rolldown splits code by the set of pages that use
 * each module, which made a form step load 26 files, most under 1 KB, each a request on a phone's connection):
 *
 * - `mui-core`: what the MUI theme and the sign-in pages use, which every page drawn with MUI needs;
 * - `mui-forms`: the MUI a wizard step adds to it (the form renderer's inputs, Select, Menu, the dialog);
 * - `wizard`: the code every wizard step runs that `/` and the sign-in pages do not (the step page, the flow machine,
 *   the kinds' loaders, their helpers);
 * - `wizard-forms`: what a form step adds to that (the form renderer, its validator runtime, the widgets).
 *
 * Each is computed from the build's module graph, so they follow the code. MUI that only the member, admin or studio
 * pages use stays split with them; `/` imports none of these (tests/build-budget.test.ts), and a choice, info or code
 * step does not load the form renderer.
 */
export function muiChunks(root: string) {
  const src = (files: string[]) => files.map((file) => path.resolve(root, file));
  let core = new Set<string>();
  let forms = new Set<string>();
  let wizard = new Set<string>();
  let wizardForms = new Set<string>();
  const signInPages = src(['src/ui/app/mui-theme.tsx', 'src/ui/features/auth/login-page.tsx', 'src/ui/features/auth/mobile-verification-page.tsx', 'src/ui/features/auth/reset-password-page.tsx']);
  const stepPages = src(['src/ui/features/onboarding/wizard-step.tsx', 'src/ui/features/onboarding/step-page.tsx', 'src/ui/features/onboarding/steps/index.tsx']);
  const otherStepPages = src(['choice-step', 'info-step', 'otp-step', 'success-step'].map((kind) => `src/ui/features/onboarding/steps/${kind}.tsx`).concat('src/ui/features/onboarding/continue-page.tsx'));
  const formStepPages = src(['src/ui/features/onboarding/steps/form-step.tsx', 'src/ui/forms/load-form.ts']);
  const plugin = {
    name: 'mui-chunks',
    apply: 'build' as const,
    async buildEnd(this: BuildContext) {
      core = await usedBy(this, signInPages, (id) => MUI.test(id));
      forms = await usedBy(this, src(['src/ui/features/onboarding/step-page.tsx', 'src/ui/features/onboarding/steps/form-step.tsx']), (id) => MUI.test(id) && !core.has(id));
      // What the first page, the session check every page loads after it, the sign-in pages and the forms'
      // generated modules (loaded by every area) use stays where it is: none of them loads a wizard chunk.
      const formsDir = path.join(DEFAULT_OUT_DIR, 'forms');
      const generatedForms = fs.readdirSync(formsDir).filter((f) => f.endsWith('.js')).map((f) => path.join(formsDir, f));
      const elsewhere = new Set<string>();
      for (const entries of [src(['src/ui/main.tsx', 'src/ui/features/auth/session-sync.ts']), signInPages, generatedForms]) (await usedBy(this, entries, APP_CODE)).forEach((id) => elsewhere.add(id));
      wizard = await usedBy(this, stepPages, (id) => APP_CODE(id) && !elsewhere.has(id));
      // What a form step shares with the other kinds' pages or `/continue` (reached through wizard-step.tsx) stays
      // apart: those pages do not load the form renderer.
      const otherPages = await usedBy(this, otherStepPages, APP_CODE);
      wizardForms = await usedBy(this, formStepPages, (id) => APP_CODE(id) && !elsewhere.has(id) && !wizard.has(id) && !otherPages.has(id));
    },
  };
  // Only the captured modules: what they import outside the group (React) stays where it is, in the first load.
  // The small text modules several kinds of pages share (the shared pages' words and the placeholder fillers): one file,
  // not one each, so the first page's preload table names one more file, not three.
  const texts = new Set(src(['src/shared/page-texts.ts', 'forms/messages/pages.json', 'src/shared/fill-text.ts', 'src/ui/components/fill-nodes.tsx']));
  const groups = [
    { name: 'texts', test: (id: string) => texts.has(id), priority: 5, includeDependenciesRecursively: false },
    { name: 'mui-core', test: (id: string) => core.has(id), priority: 4, includeDependenciesRecursively: false },
    { name: 'mui-forms', test: (id: string) => forms.has(id), priority: 3, includeDependenciesRecursively: false },
    { name: 'wizard', test: (id: string) => wizard.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'wizard-forms', test: (id: string) => wizardForms.has(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

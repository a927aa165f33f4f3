import path from 'node:path';
import { parseAst } from 'vite';

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
 * The MUI modules a set of pages uses: their static imports followed transitively, through a barrel
 * (`import { Button } from '@mui/material'`) only to the names asked of it, as the bundler's tree shaking keeps them.
 */
async function muiUsedBy(ctx: BuildContext, entries: string[], except: Set<string>): Promise<Set<string>> {
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
      if (MUI.test(id) && !except.has(id)) found.add(id);
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

/**
 * MUI's code in two chunks instead of one per component (Rolldown splits a library by the set of pages that use each
 * module): `mui-core`, what the MUI theme and the sign-in pages use, which every page drawn with MUI needs; and
 * `mui-forms`, what a wizard step adds to it (the form renderer's inputs, Select, Menu, the dialog). A page then
 * fetches one or two MUI files instead of 20-40 small ones. Both are computed from the build's module graph, so
 * they follow the code; MUI that only the member, admin or studio pages use stays split with them, and `/` imports
 * none of it (tests/build-budget.test.ts).
 */
export function muiChunks(root: string) {
  const src = (files: string[]) => files.map((file) => path.resolve(root, file));
  let core = new Set<string>();
  let forms = new Set<string>();
  const plugin = {
    name: 'mui-chunks',
    apply: 'build' as const,
    async buildEnd(this: BuildContext) {
      core = await muiUsedBy(this, src(['src/ui/app/mui-theme.tsx', 'src/ui/features/auth/login-page.tsx', 'src/ui/features/auth/mobile-verification-page.tsx', 'src/ui/features/auth/reset-password-page.tsx']), new Set());
      forms = await muiUsedBy(this, src(['src/ui/features/onboarding/step-page.tsx', 'src/ui/features/onboarding/steps/form-step.tsx']), core);
    },
  };
  // Only the captured modules: what they import outside MUI (React) stays where it is, in the first load.
  const groups = [
    { name: 'mui-core', test: (id: string) => core.has(id), priority: 2, includeDependenciesRecursively: false },
    { name: 'mui-forms', test: (id: string) => forms.has(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

import fs from 'node:fs';
import path from 'node:path';
import type { FlowDefinition, StepKind } from '../../src/shared/flow/flow-types';
import { ROUTE_PRELOADS_FILE } from '../../src/server/lib/page-html.js';
import { DEFAULT_OUT_DIR, moduleFileOf } from './compile-form-validators.js';

export { ROUTE_PRELOADS_FILE };

const MUI_THEME = 'src/ui/app/mui-theme.tsx';
const generatedForm = (formId: string) => path.join(DEFAULT_OUT_DIR, 'forms', moduleFileOf(formId));

/**
 * The public pages a visitor opens by address, with the modules each loads lazily (src/ui/features/<area>/routes.tsx
 * and muiPage). A page missing here still works; it only loads its files after the first script runs.
 */
const PAGES: Record<string, string[]> = {
  '/login': ['src/ui/features/auth/login-page.tsx', generatedForm('auth/sign-in')],
  '/auth/mobile-verification': ['src/ui/features/auth/mobile-verification-page.tsx', generatedForm('auth/sign-in-code')],
  '/reset-password': ['src/ui/features/auth/reset-password-page.tsx', generatedForm('auth/reset-email')],
  '/continue': ['src/ui/features/onboarding/wizard-step.tsx', 'src/ui/features/onboarding/continue-page.tsx', generatedForm('auth/resume-contact')],
};

/** A wizard step's page by its kind, as src/ui/features/onboarding/steps/step-modules.ts loads it. */
export const STEP_KIND_PAGES: Record<StepKind, string> = {
  choice: 'src/ui/features/onboarding/steps/choice-step.tsx',
  info: 'src/ui/features/onboarding/steps/info-step.tsx',
  form: 'src/ui/features/onboarding/steps/form-step.tsx',
  checklist: 'src/ui/features/onboarding/steps/form-step.tsx',
  otp: 'src/ui/features/onboarding/steps/otp-step.tsx',
  success: 'src/ui/features/onboarding/steps/success-step.tsx',
};

/** Every page above and every step of the flow, with the source modules it loads lazily. */
export function pageModules(root: string, flowFile: string): Record<string, string[]> {
  const flow = JSON.parse(fs.readFileSync(flowFile, 'utf8')) as FlowDefinition;
  const pages: Record<string, string[]> = { ...PAGES };
  for (const step of Object.values(flow.steps)) {
    pages[step.route] = [
      'src/ui/features/onboarding/wizard-step.tsx',
      'src/ui/features/onboarding/step-page.tsx',
      STEP_KIND_PAGES[step.kind],
      ...(step.form ? ['src/ui/forms/load-form.ts', generatedForm(step.form)] : []),
    ];
  }
  return Object.fromEntries(Object.entries(pages).map(([route, modules]) => [route, [MUI_THEME, ...modules].map((m) => path.resolve(root, m))]));
}

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
}
type Bundle = Record<string, OutputChunk | { type: 'asset' }>;

/**
 * Vite plugin: writes `route-preloads.json`, for each page a visitor opens by address (`/login`, every wizard step),
 * the script files that page loads after the first one: the chunks holding its lazily loaded modules and what they
 * import statically, without what index.html already loads. The server lists them as `modulepreload` links in the
 * page's HTML (src/server/lib/page-html.ts), so the browser fetches them with the first script instead of after it.
 */
export function routePreloadsPlugin(root: string, flowFile = path.join(root, 'flows/onboarding.flow.json')) {
  return {
    name: 'route-preloads',
    apply: 'build' as const,
    generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void; error(message: string): never }, _options: unknown, bundle: Bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkOfModule = new Map<string, OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk);
      const closure = (start: OutputChunk[], into = new Set<string>()) => {
        const visit = (chunk: OutputChunk) => {
          if (into.has(chunk.fileName)) return;
          into.add(chunk.fileName);
          for (const file of chunk.imports) visit(byFile.get(file)!);
        };
        start.forEach(visit);
        return into;
      };
      const firstLoad = closure(chunks.filter((c) => c.isEntry));
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(pageModules(root, flowFile))) {
        const start = modules.map((id) => chunkOfModule.get(id) ?? this.error(`${route}: ${path.relative(root, id)} is in no chunk of the build`));
        preloads[route] = [...closure(start)].filter((file) => !firstLoad.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

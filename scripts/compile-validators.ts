// Precompiles every form's validator into src/ui/generated/forms/ (the browser runs under a CSP without
// 'unsafe-eval', so it cannot compile schemas itself). Run by `npm run build`, vitest and the dev server.
import { compileFormValidators } from './lib/compile-form-validators.js';

const { formIds, outDir, errors } = compileFormValidators({ formsDir: process.env.FORMS_DIR, outDir: process.env.VALIDATORS_OUT_DIR });
for (const error of errors) console.error(error);
console.log(`Compiled ${formIds.length - errors.length} of ${formIds.length} form validators into ${outDir}`);
if (errors.length) process.exitCode = 1;

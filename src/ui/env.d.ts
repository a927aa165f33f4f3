/// <reference types="vite/client" />
declare const __API_KEY__: string;
declare const __API_SECRET__: string;
declare const __PRODUCT_NAME__: string;

/** A flow file's steps as the route table needs them (scripts/lib/flow-step-routes-plugin.ts). */
declare module '*.flow.json?step-routes' {
  const steps: Array<{ id: string; route: string }>;
  export default steps;
}

/** What each step's route loads with the step page, by step id (scripts/lib/flow-step-routes-plugin.ts). */
declare module '*.flow.json?step-loads' {
  const loads: Record<string, Pick<import('../shared/flow/flow-types').StepRef, 'kind' | 'form'>>;
  export default loads;
}

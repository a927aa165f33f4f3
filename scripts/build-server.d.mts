// Types of scripts/build-server.mjs (plain JavaScript, so `npm start` runs it without tsx) for the tests.
export const root: string;
export const outDir: string;
export const bundle: string;
export function serverBundleFresh(): boolean;
export function buildServer(): Promise<void>;

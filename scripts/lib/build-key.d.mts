// Types of scripts/lib/build-key.mjs (plain JavaScript, so `npm start` runs it without tsx).
export const BUILD_KEY_FILE: string;
export function buildKey(root: string, configRoot: string): string;
export function buildIsCurrent(distDir: string, root: string, configRoot: string): boolean;

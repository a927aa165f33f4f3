/** The build's stand-in for fast-uri (fragment-uri.cjs). */
declare const fragmentUri: { resolve(base: string, ref: string): string; equal(a: string, b: string): boolean };
export = fragmentUri;

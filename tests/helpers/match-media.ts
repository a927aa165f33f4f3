/**
 * The test DOM has no `matchMedia` (MUI's useMediaQuery needs it). Installs one for a viewport `width` px wide, as far
 * as CSS media queries can tell; without a width no query matches (a wide screen for max-width queries).
 */
export function installMatchMedia(width?: number): void {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = width !== undefined && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

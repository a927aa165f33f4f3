import { lazy, type ComponentType } from 'react';

const loadMuiTheme = () => import('../app/mui-theme');

/**
 * A page drawn with MUI, loaded lazily inside the bank's MUI theme (ThemeProvider and CssBaseline in the colour
 * mode of src/ui/app/color-mode.tsx). The theme's chunk and the page's load at the same time, so a page is no
 * slower to arrive than before; the welcome page and the public frame are plain CSS and load neither.
 * Use it for a route's outermost MUI element (a page, or a layout whose pages then load with plain `lazy`).
 */
export function muiPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: MuiTheme }, { default: Page }] = await Promise.all([loadMuiTheme(), load()]);
    function ThemedPage(props: P) {
      return (
        <MuiTheme>
          <Page {...props} />
        </MuiTheme>
      );
    }
    return { default: ThemedPage };
  });
}

/** Starts loading the MUI theme early (a visitor about to open a page drawn with MUI). */
export function preloadMuiTheme(): void {
  void loadMuiTheme().catch(() => undefined);
}

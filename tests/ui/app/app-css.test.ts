// The plain-CSS public frame (src/ui/app/app.css) draws with the colours of the MUI theme the other pages get
// (src/ui/app/theme.ts): one palette, written twice, checked here.
import fs from 'node:fs';
import path from 'node:path';
import { alpha } from '@mui/material/styles';
import { buildTheme } from '../../../src/ui/app/theme';

const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../../src/ui/app/app.css'), 'utf8');

/** The custom properties of the first rule with this selector. */
function properties(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--cu-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const normalize = (colour: string) => colour.replace(/\s+/g, '').toLowerCase();

describe('app.css', () => {
  const light = properties(':root');
  const dark = { ...light, ...properties(":root[data-color-mode='dark']") };

  it.each([
    ['light', light],
    ['dark', dark],
  ] as const)('has the %s theme colours', (mode, vars) => {
    const { palette } = buildTheme(mode);
    const expected: Record<string, string> = {
      '--cu-primary': palette.primary.main,
      '--cu-primary-dark': palette.primary.dark,
      '--cu-primary-contrast': palette.primary.contrastText,
      '--cu-primary-border': alpha(palette.primary.main, 0.5),
      '--cu-primary-hover': alpha(palette.primary.main, palette.action.hoverOpacity),
      '--cu-background': palette.background.default,
      '--cu-paper': palette.background.paper,
      '--cu-text': palette.text.primary,
      '--cu-text-secondary': palette.text.secondary,
      '--cu-divider': palette.divider,
      '--cu-icon-hover': alpha(palette.action.active, palette.action.hoverOpacity),
    };
    for (const [name, colour] of Object.entries(expected)) expect(normalize(vars[name]), `${mode} ${name}`).toBe(normalize(colour));
  });

  it("draws the app bar as MUI's AppBar: primary in light mode, paper in dark mode", () => {
    expect(light['--cu-appbar']).toBe('var(--cu-primary)');
    expect(dark['--cu-appbar']).toBe('var(--cu-paper)');
  });

  it("uses the theme's font", () => {
    expect(normalize(light['--cu-font']).replace(/'/g, '"')).toBe(normalize(buildTheme('light').typography.fontFamily!));
  });
});

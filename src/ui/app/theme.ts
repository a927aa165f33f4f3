import { createTheme, type PaletteMode } from '@mui/material/styles';

/** The bank's theme; both modes share shapes and type, only the palette changes. */
export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b5d4b' : '#4fc3a1' },
      // In light mode both are dark enough for text on white and white text on them (AA, 4.5:1): MUI's own orange
      // (#ed6c02, 3:1) and the former amber (#b2702a, 3.9:1) failed on the risk chips, Block and Refer (axe).
      secondary: { main: mode === 'light' ? '#8f5a1c' : '#f0b063' },
      ...(mode === 'light' ? { warning: { main: '#b45309' } } : {}),
      background: mode === 'light' ? { default: '#f5f7f6', paper: '#ffffff' } : { default: '#0f1513', paper: '#17201d' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.1rem', fontWeight: 700 },
      h2: { fontSize: '1.6rem', fontWeight: 700 },
      h3: { fontSize: '1.3rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A visible ring on keyboard focus (WCAG 2.4.7): MUI's faint focus ripple alone was all but invisible inside a
      // filled button. The ring sits outside the control, in the primary colour, on every button, link button and icon.
      MuiButtonBase: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 } }) } },
      // A card's whole face as a button (the first step's choices): a card clips what lies outside it (overflow hidden),
      // so the ring outside was cut away and the focused choice showed only a grey tint. Drawn inside its edge instead.
      MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -4 } } } },
      // Words longer than the line wrap in messages, which often repeat what a person typed or chose: an email address
      // in "Verification code sent to your email: ..." (an alert's text box scrolls what it cannot fit, so on a phone the
      // end of the address was cut off), a file's or a typed answer's name under a field (it pushed the page sideways).
      MuiAlert: { styleOverrides: { message: { overflowWrap: 'anywhere' } } },
      MuiFormHelperText: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

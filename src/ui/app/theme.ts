import { createTheme, type PaletteMode } from '@mui/material/styles';

/** The bank's theme; both modes share shapes and type, only the palette changes. */
export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b5d4b' : '#4fc3a1' },
      secondary: { main: mode === 'light' ? '#b2702a' : '#f0b063' },
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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

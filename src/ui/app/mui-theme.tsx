import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { buildTheme } from './theme';
import { useColorMode } from './color-mode';

/**
 * The bank's MUI theme and baseline, in the colour mode the header's toggle sets. Loaded with the first page drawn
 * with MUI (src/ui/components/mui-page.tsx), never with the plain-CSS welcome page.
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

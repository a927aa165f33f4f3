import { createContext, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

/** Light or dark: MUI's `PaletteMode`, named here so the first page needs nothing from MUI. */
export type ColorMode = 'light' | 'dark';

const STORAGE_KEY = 'cu.colorMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const ColorModeContext = createContext<{ mode: ColorMode; toggle: () => void }>({ mode: 'light', toggle: () => undefined });

// The system's preference, followed live until the user picks a mode (a test DOM without matchMedia: light).
const darkQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null);
const subscribeToSystem = (onChange: () => void) => {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const systemPrefersDark = () => darkQuery()?.matches ?? false;

/**
 * Light and dark mode, following the system until the user picks one (kept in localStorage). The one source of
 * the mode: the plain-CSS public frame reads it from `<html data-color-mode>` (src/ui/app/app.css), the MUI
 * pages from this context (src/ui/app/mui-theme.tsx builds their theme from it).
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useSyncExternalStore(subscribeToSystem, systemPrefersDark);
  const [chosen, setChosen] = useState<ColorMode | null>(() => {
    const saved = localStorage.getItem(STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : null;
  });
  const mode: ColorMode = chosen ?? (prefersDark ? 'dark' : 'light');
  // Before the browser paints, so the first frame already has the mode's colours.
  useLayoutEffect(() => {
    document.documentElement.dataset.colorMode = mode;
  }, [mode]);
  const value = useMemo(
    () => ({
      mode,
      toggle: () => {
        const next = mode === 'light' ? 'dark' : 'light';
        localStorage.setItem(STORAGE_KEY, next);
        setChosen(next);
      },
    }),
    [mode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export const useColorMode = () => useContext(ColorModeContext);

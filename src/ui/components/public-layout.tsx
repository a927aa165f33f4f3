import { Suspense, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useColorMode } from '../app/color-mode';
import { PRODUCT_NAME, withProductName } from '../lib/use-page-title';
import { AccountBalanceIcon, DarkModeIcon, LightModeIcon } from './plain-icons';
import { PageLoader } from './page-loader';
// Its words read one by one, so the build keeps only these (the first page's script is at its budget).
import * as WELCOME from '../../../forms/messages/welcome.json';

function ColorModeButton() {
  const { mode, toggle } = useColorMode();
  const label = mode === 'light' ? WELCOME.switchToDark : WELCOME.switchToLight;
  return (
    <button type="button" className="cu-icon-button" onClick={toggle} aria-label={label} title={label}>
      {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
    </button>
  );
}

/**
 * Header and centred content for the signed-out pages (welcome, sign-in, onboarding), in plain CSS
 * (src/ui/app/app.css): it draws what MUI's AppBar, Container and footer drew, without loading MUI. Pages drawn
 * with MUI load inside it (src/ui/components/mui-page.tsx) while the header and footer stay. `wide` for tools
 * that need the screen (the studio).
 */
export function PublicLayout({ children, wide = false }: { children?: ReactNode; wide?: boolean }) {
  return (
    <div className="cu-frame">
      <header className="cu-appbar">
        <div className="cu-toolbar">
          <AccountBalanceIcon />
          <Link to="/" className="cu-brand">
            <span className="cu-brand__name">{PRODUCT_NAME}</span>
          </Link>
          <ColorModeButton />
        </div>
      </header>
      <main id="main" className={wide ? 'cu-main cu-main--wide' : 'cu-main'}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </main>
      <footer className="cu-footer">{withProductName(WELCOME.footer)}</footer>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoginIcon, PersonAddAltIcon } from '../../components/plain-icons';
import { preloadMuiTheme } from '../../components/mui-page';
import { usePageTitle, PRODUCT_NAME } from '../../lib/use-page-title';

/** MUI's large Button with a start icon, as plain markup (src/ui/app/app.css). */
function PageButton({ variant, icon, fullWidth = false, onClick, children }: { variant: 'contained' | 'outlined'; icon: ReactNode; fullWidth?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    // The next page is drawn with MUI: a visitor reaching for a button starts loading its theme.
    <button type="button" className={`cu-button cu-button--${variant}${fullWidth ? ' cu-button--full-width' : ''}`} onClick={onClick} onPointerEnter={preloadMuiTheme} onFocus={preloadMuiTheme}>
      <span className="cu-button__icon">{icon}</span>
      {children}
    </button>
  );
}

/**
 * The welcome page (spec 1 section 2): sign in, or start onboarding, or continue an application (/continue: this
 * tab's at once, any other with a code). Plain CSS, like the public frame: the first page a phone loads needs no MUI.
 */
export default function WelcomePage() {
  usePageTitle('Welcome');
  const navigate = useNavigate();
  return (
    <div className="cu-card">
      <div className="cu-card__content">
        <h1 className="cu-h1">Welcome to {PRODUCT_NAME}</h1>
        <p className="cu-welcome__intro">
          Check your balances and move money between accounts, any time. New to online banking with us? Open an account in a few minutes.
        </p>
        <div className="cu-stack">
          <PageButton variant="contained" icon={<LoginIcon />} onClick={() => navigate('/login')}>
            Sign In
          </PageButton>
          <p className="cu-welcome__hint">
            <Link to="/continue">Continue an application</Link>
          </p>
          <div>
            <p className="cu-welcome__hint">If you don't have an online account click, "Don't have an account?", to get started</p>
            <PageButton variant="outlined" icon={<PersonAddAltIcon />} fullWidth onClick={() => navigate('/new-or-existing-customer')}>
              Don't have an account?
            </PageButton>
          </div>
        </div>
      </div>
    </div>
  );
}

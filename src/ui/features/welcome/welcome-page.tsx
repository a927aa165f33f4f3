import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoginIcon, PersonAddAltIcon } from '../../components/plain-icons';
import { preloadMuiTheme } from '../../components/mui-page';
import { usePageTitle, withProductName } from '../../lib/use-page-title';
// Its words read one by one, so the build keeps only these (the first page's script is at its budget).
import * as WELCOME from '../../../../forms/messages/welcome.json';

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
  usePageTitle(WELCOME.title);
  const navigate = useNavigate();
  return (
    <div className="cu-card">
      <div className="cu-card__content">
        <h1 className="cu-h1">{withProductName(WELCOME.heading)}</h1>
        <p className="cu-welcome__intro">{WELCOME.intro}</p>
        <div className="cu-stack">
          <PageButton variant="contained" icon={<LoginIcon />} onClick={() => navigate('/login')}>
            {WELCOME.signIn}
          </PageButton>
          <p className="cu-welcome__hint">
            <Link to="/continue">{WELCOME.continueApplication}</Link>
          </p>
          <div>
            <p className="cu-welcome__hint">{WELCOME.noAccountHint}</p>
            <PageButton variant="outlined" icon={<PersonAddAltIcon />} fullWidth onClick={() => navigate('/new-or-existing-customer')}>
              {WELCOME.noAccount}
            </PageButton>
          </div>
        </div>
      </div>
    </div>
  );
}

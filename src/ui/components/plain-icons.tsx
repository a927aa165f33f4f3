// Material icons without MUI, for the pages that load no MUI (the public frame and the welcome page): the paths
// of @mui/icons-material live in src/ui/app/app.css as masks in the text colour, drawn at MUI's SvgIcon sizes.

function icon(name: string) {
  return function PlainIcon() {
    return <span className={`cu-icon cu-icon--${name}`} aria-hidden="true" />;
  };
}

export const AccountBalanceIcon = icon('account-balance');
export const DarkModeIcon = icon('dark-mode');
export const LightModeIcon = icon('light-mode');
export const LoginIcon = icon('login');
export const PersonAddAltIcon = icon('person-add-alt');

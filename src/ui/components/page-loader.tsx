// Its words read one by one, so the build keeps only these (the first page's script is at its budget).
import * as WELCOME from '../../../forms/messages/welcome.json';

/** A page loading: MUI's CircularProgress as plain markup (src/ui/app/app.css), so the first page needs no MUI. */
export function PageLoader() {
  return (
    // A status is a polite live region by its role.
    <div role="status" className="cu-loader">
      <span className="cu-progress" role="progressbar" aria-label={WELCOME.loading}>
        <svg viewBox="22 22 44 44">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}

/** A page loading: MUI's CircularProgress as plain markup (src/ui/app/app.css), so the first page needs no MUI. */
export function PageLoader() {
  return (
    <div role="status" aria-live="polite" className="cu-loader">
      <span className="cu-progress" role="progressbar" aria-label="Loading">
        <svg viewBox="22 22 44 44">
          <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
        </svg>
      </span>
    </div>
  );
}

/** Shown while a page's code is on its way. */
export function PageLoading() {
  return (
    <p className="page-loading container" role="status">
      Loading…
    </p>
  );
}

/** The staff area, loaded on demand by the router (`lazy`), so it never weighs on visitors. */
export function Component() {
  return (
    <main className="site-main container page-intro">
      <h1>Admin Login</h1>
      <p className="lead">The staff area is not open yet.</p>
    </main>
  );
}

/** The staff area, loaded on demand (React.lazy in the router), so it never weighs on visitors. */
export default function AdminApp() {
  return (
    <main className="site-main container page-intro">
      <h1>Admin Login</h1>
      <p className="lead">The staff area is not open yet.</p>
    </main>
  );
}

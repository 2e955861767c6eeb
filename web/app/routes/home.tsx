import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function HomePage() {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <p className="eyebrow">Skincare · Massage · Wellness · Lagos</p>
        <h1>Awaken Your Best Self with Every Touch</h1>
        <p className="lead">
          Personalised massage and skincare treatments in a calm, private studio, with skilled therapists who take their
          time.
        </p>
        <Link to={paths.booking} className="button button--primary button--large">
          Book an appointment
        </Link>
      </div>
    </section>
  );
}

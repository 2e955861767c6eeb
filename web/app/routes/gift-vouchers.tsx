import { CheckIcon, ClockIcon, LeafIcon } from '../../components/ui/icons';
import { PageHero } from '../../components/ui/page-hero';
import { GiftVoucherForm } from '../../features/gift-vouchers/gift-voucher-form';
import { usePageMeta } from '../../lib/page-meta';
import '../../styles/sale-page.css';
import '../../styles/gift-vouchers.css';

const promises = [
  {
    icon: LeafIcon,
    title: 'Any treatment or product',
    text: 'Spend it on a massage, a ritual or our skincare, all at once or over several visits.',
  },
  {
    icon: ClockIcon,
    title: 'Sent on the day you choose',
    text: 'By email and WhatsApp that morning, with a card to print and your message.',
  },
  {
    icon: CheckIcon,
    title: 'Simple to use',
    text: 'They enter the code under Gift voucher when they book or check out.',
  },
];

export default function GiftVouchersPage() {
  usePageMeta('giftVouchers');
  return (
    <>
      <PageHero
        eyebrow="Gift vouchers"
        title="Give the gift of calm"
        lead="A massage for a birthday, Valentine’s Day or Mother’s Day: choose an amount or a treatment, add a message, and we send it on the day."
      />
      <section className="section" aria-labelledby="gift-voucher-heading">
        <div className="container sale-page">
          <div className="sale-page__intro">
            <h2 id="gift-voucher-heading">Buy a gift voucher</h2>
            <ul className="sale-page__steps">
              {promises.map(({ icon: PromiseIcon, title, text }) => (
                <li key={title}>
                  <span className="sale-page__icon">
                    <PromiseIcon size={22} />
                  </span>
                  <div>
                    <h3>{title}</h3>
                    <p>{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div className="card sale-page__card">
            <GiftVoucherForm />
          </div>
        </div>
      </section>
    </>
  );
}

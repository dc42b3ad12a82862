import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useWelcomeOfferPercent } from '../../../lib/time-zone';
import { StyleAssistant } from '../../assistant';
import { BrandStrip } from '../components/brand-strip';
import { DiscountPopup } from '../components/discount-popup';
import { Hero } from '../components/hero';
import { Intro } from '../components/intro';
import { LazyOutfitCarousel } from '../components/lazy-outfit-carousel';
import { Services } from '../components/services';
import { Testimonials } from '../components/testimonials';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Rentique · Designer fashion, rented by the week',
    description:
      'Rent designer dresses, suits and accessories by the week, swipe-match outfits and earn from your own wardrobe. New collections every month.',
  });

/** The home page (docs/product.md, Messages and timings): hero, intro and figures, how it works, outfits, members, designers. */
export default function Component() {
  const { data: session, isPending } = useSession();
  const welcomeOfferPercent = useWelcomeOfferPercent();
  return (
    <>
      <Hero />
      <Intro />
      <Services />
      <section aria-labelledby="outfits-title" className="border-t border-linen py-20 lg:py-28">
        <div className="container-page">
          <div className="mb-12 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
            <div>
              <p className="eyebrow">Styled by members</p>
              <h2 id="outfits-title" className="mt-5 text-display-lg">
                Discovery Our Products
              </h2>
            </div>
            <p className="max-w-sm text-taupe">
              Complete looks put together by our community, ready to rent piece by piece.
            </p>
          </div>
          <LazyOutfitCarousel />
          <div className="mt-12 flex justify-center">
            <Button asChild size="lg" variant="outline">
              <Link to={paths.browse}>Explore More Outfits</Link>
            </Button>
          </div>
        </div>
      </section>
      <Testimonials />
      <BrandStrip />
      <StyleAssistant />
      <DiscountPopup signedIn={isPending ? undefined : Boolean(session)} percent={welcomeOfferPercent} />
    </>
  );
}

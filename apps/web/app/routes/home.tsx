import type { Category, Home as HomeData } from '@soko/contract/catalog'
import { type ReactNode, Suspense } from 'react'
import { Await } from 'react-router'
import { ProductCardSkeleton } from '../components/ui/skeleton.tsx'
import { ProductCard, ProductGrid } from '../features/catalog/product-card.tsx'
import { CategoryTiles, CategoryTilesSkeleton } from '../features/home/category-tiles.tsx'
import { FlashSaleSection } from '../features/home/flash-sale.tsx'
import { HeroCarousel, HeroCarouselSkeleton } from '../features/home/hero-carousel.tsx'
import {
  fetchCategories,
  fetchFlashSales,
  fetchHome,
  loadHomeInBrowser,
  settle,
  useCategories,
  useHomeData,
} from '../features/home/home-data.ts'
import { HomeError } from '../features/home/home-error.tsx'
import { TopVendors } from '../features/home/top-vendors.tsx'
import { HomeSearch } from '../features/search/home-search.tsx'
import { getQueryClient } from '../lib/query.ts'
import type { Route } from './+types/home'
import '../features/home/home.css'

/** Specification section 9: 10 product skeletons on the home page. */
const PRODUCT_SKELETONS = 10

export function meta(_args: Route.MetaArgs) {
  return [
    { title: "Soko | Kenya's marketplace: shop from trusted local vendors" },
    {
      name: 'description',
      content:
        'Shop phones, fashion, home goods and groceries from hundreds of Kenyan vendors. Pay with M-Pesa or card, delivered across all 47 counties.',
    },
  ]
}

// Not awaited: the page's shell (search, skeletons) goes out at once and each section streams in when its data does.
export function loader({ context }: Route.LoaderArgs) {
  return {
    home: settle(fetchHome(context)),
    categories: settle(fetchCategories(context)),
    flashSales: settle(fetchFlashSales(context)),
  }
}

// In the browser (going back to the home page, Try Again) the query cache answers, or fetches.
export function clientLoader(_args: Route.ClientLoaderArgs) {
  // Flash sales are fetched afresh every time: their units left and countdown must be of now.
  return { ...loadHomeInBrowser(getQueryClient()), flashSales: settle(fetchFlashSales()) }
}

/** An Await's error element must be an element: this one shows nothing. */
function Nothing() {
  return null
}

interface SectionProps {
  title: string
  id: string
  children: ReactNode
  className?: string
}

function Section({ title, id, children, className = '' }: SectionProps) {
  return (
    <section className={`home-section ${className}`} aria-labelledby={id}>
      <h2 id={id} className="home-section__title">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ProductSkeletons({ label }: { label: string }) {
  return (
    <ProductGrid>
      {Array.from({ length: PRODUCT_SKELETONS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <ProductCardSkeleton key={i} label={i === 0 ? label : undefined} />
      ))}
    </ProductGrid>
  )
}

function Hero({ initial }: { initial: HomeData }) {
  return <HeroCarousel banners={useHomeData(initial).banners} />
}

function Categories({ initial }: { initial: Category[] }) {
  return <CategoryTiles categories={useCategories(initial)} />
}

function HomeProducts({ initial }: { initial: HomeData }) {
  const home = useHomeData(initial)
  return (
    <>
      {home.featured_products.length > 0 && (
        <Section title="Featured Products" id="featured-title" className="home-rail">
          <ProductGrid>
            {home.featured_products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ProductGrid>
        </Section>
      )}
      <Section title="Trending Products" id="trending-title">
        <ProductGrid>
          {home.trending_products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ProductGrid>
      </Section>
      {home.top_vendors.length > 0 && (
        <Section title="Top Vendors" id="vendors-title">
          <TopVendors vendors={home.top_vendors} />
        </Section>
      )}
    </>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="home">
      <section className="home-intro" aria-labelledby="home-title">
        <h1 id="home-title">Karibu Soko</h1>
        <p className="home-intro__lead">
          Kenya's marketplace: thousands of products from trusted local vendors, paid with M-Pesa or card.
        </p>
        <HomeSearch />
      </section>

      <Suspense fallback={<HeroCarouselSkeleton />}>
        <Await resolve={loaderData.home} errorElement={<HomeError message="Failed to load home data" />}>
          {(home) => (home.ok ? <Hero initial={home.data} /> : <HomeError message="Failed to load home data" />)}
        </Await>
      </Suspense>

      <Suspense fallback={null}>
        {/* A failed or empty flash sale list shows nothing: the rest of the page stands on its own. */}
        <Await resolve={loaderData.flashSales} errorElement={<Nothing />}>
          {(flashSales) => (flashSales.ok ? <FlashSaleSection flashSales={flashSales.data} /> : null)}
        </Await>
      </Suspense>

      <Section title="Shop by Category" id="categories-title">
        <Suspense fallback={<CategoryTilesSkeleton />}>
          <Await resolve={loaderData.categories} errorElement={<HomeError message="Failed to load categories" />}>
            {(categories) =>
              categories.ok ? (
                <Categories initial={categories.data} />
              ) : (
                <HomeError message="Failed to load categories" />
              )
            }
          </Await>
        </Suspense>
      </Section>

      <Suspense
        fallback={
          <Section title="Trending Products" id="trending-title">
            <ProductSkeletons label="Loading products" />
          </Section>
        }
      >
        {/* The hero's place above says when the home data failed to load. */}
        <Await resolve={loaderData.home} errorElement={<Nothing />}>
          {(home) => (home.ok ? <HomeProducts initial={home.data} /> : null)}
        </Await>
      </Suspense>
    </div>
  )
}

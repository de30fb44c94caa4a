import type { Banner } from '@soko/contract/catalog'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useDataSaver } from '../../lib/data-saver.ts'

/** Specification section 9: the hero moves on every 5 s. */
export const HERO_ROTATION_MS = 5000

function usePrefersReducedMotion(): boolean {
  const [isReduced, setReduced] = useState(false)
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    setReduced(query.matches)
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return isReduced
}

/** Internal links stay in the app; anything else is a plain link. */
function BannerLink({ banner }: { banner: Banner }) {
  const text = banner.link_text || 'Shop now'
  if (!banner.link_url) return null
  return banner.link_url.startsWith('/') ? (
    <Link to={banner.link_url} className="button hero-slide__cta">
      {text}
    </Link>
  ) : (
    <a href={banner.link_url} className="button hero-slide__cta">
      {text}
    </a>
  )
}

interface SlideProps {
  banner: Banner
  index: number
  count: number
  isActive: boolean
  /** Whether to render the image yet (the current slide and the next; the rest wait until they come up). */
  showImage: boolean
  onImageError: (id: number) => void
  isImageBroken: boolean
  /** Data saver: the smallest size only. */
  dataSaver: boolean
}

function Slide({ banner, index, count, isActive, showImage, onImageError, isImageBroken, dataSaver }: SlideProps) {
  const isFirst = index === 0
  // An image that failed before hydration fired its error event before React listened: check once mounted.
  const checkImage = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.currentSrc) onImageError(banner.id)
    },
    [banner.id, onImageError],
  )
  const hasStats = Boolean(banner.stat1 || banner.stat2)
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset
    <div
      className={isActive ? 'hero-slide hero-slide--active' : 'hero-slide'}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-hidden={!isActive}
      inert={!isActive}
    >
      <div className="hero-slide__media">
        {showImage && !isImageBroken && (
          <img
            ref={checkImage}
            className="hero-slide__image"
            src={dataSaver ? banner.image.thumbnail : banner.image.medium}
            srcSet={
              dataSaver
                ? undefined
                : `${banner.image.thumbnail} 400w, ${banner.image.medium} 800w, ${banner.image.original} 1600w`
            }
            sizes={dataSaver ? undefined : '(min-width: 1240px) 780px, (min-width: 900px) 64vw, 100vw'}
            // The banner's words are in the panel beside it: the picture adds nothing for a screen reader.
            alt=""
            width={1600}
            height={600}
            loading={isFirst ? 'eager' : 'lazy'}
            fetchPriority={isFirst ? 'high' : 'low'}
            decoding={isFirst ? 'sync' : 'async'}
            onError={() => onImageError(banner.id)}
          />
        )}
      </div>
      <div className="hero-slide__body">
        {banner.category && <p className="hero-slide__eyebrow">{banner.category.name}</p>}
        <h2 className="hero-slide__title">{banner.title}</h2>
        {banner.subtitle && <p className="hero-slide__subtitle">{banner.subtitle}</p>}
        {hasStats && (
          <dl className="hero-slide__stats">
            {banner.stat1 && (
              <div>
                <dt>{banner.stat1_label}</dt>
                <dd>{banner.stat1}</dd>
              </div>
            )}
            {banner.stat2 && (
              <div>
                <dt>{banner.stat2_label}</dt>
                <dd>{banner.stat2}</dd>
              </div>
            )}
          </dl>
        )}
        <BannerLink banner={banner} />
      </div>
    </div>
  )
}

/**
 * The home page's banners (specification section 2): a carousel that moves on every 5 s and wraps, with
 * previous/next and dot controls. It stops while the pointer is over it or focus is in it, for shoppers who ask
 * for reduced motion or data saver, and with its pause button (WCAG 2.2.2). Banner images that fail to load are
 * hidden.
 */
export function HeroCarousel({ banners }: { banners: Banner[] }) {
  const count = banners.length
  const [index, setIndex] = useState(0)
  const [isHovered, setHovered] = useState(false)
  const [hasFocus, setHasFocus] = useState(false)
  const [isStopped, setStopped] = useState(false)
  const [brokenImages, setBrokenImages] = useState<ReadonlySet<number>>(new Set())
  // Data saver: the carousel stays on its first slide (the shopper can still move it) and loads no slide ahead.
  const dataSaver = useDataSaver()
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set(dataSaver ? [0] : [0, 1]))
  const isReducedMotion = usePrefersReducedMotion()
  const isStill = isReducedMotion || dataSaver
  const rootRef = useRef<HTMLElement>(null)
  const current = count === 0 ? 0 : index % count
  const isRotating = count > 1 && !isStopped && !isStill
  const isPaused = isHovered || hasFocus

  const goTo = useCallback(
    (next: number) => {
      const target = ((next % count) + count) % count
      setIndex(target)
      // Load the image of the slide now shown and of the one after it, ahead of time.
      setSeen((previous) => new Set([...previous, target, ...(dataSaver ? [] : [(target + 1) % count])]))
    },
    [count, dataSaver],
  )

  useEffect(() => {
    if (!isRotating || isPaused) return
    const timer = setTimeout(() => goTo(current + 1), HERO_ROTATION_MS)
    return () => clearTimeout(timer)
  }, [isRotating, isPaused, current, goTo])

  const onImageError = useCallback((id: number) => {
    setBrokenImages((previous) => (previous.has(id) ? previous : new Set([...previous, id])))
  }, [])

  if (count === 0) {
    return (
      <section className="hero-carousel hero-carousel--empty" aria-label="Promotions">
        <p className="hero-carousel__placeholder">No Banners Found</p>
      </section>
    )
  }

  return (
    <section
      ref={rootRef}
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label="Promotions"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setHasFocus(false)
      }}
    >
      <div className="hero-carousel__slides" aria-live={isRotating && !isPaused ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <Slide
            key={banner.id}
            banner={banner}
            index={i}
            count={count}
            isActive={i === current}
            showImage={seen.has(i)}
            dataSaver={dataSaver}
            onImageError={onImageError}
            isImageBroken={brokenImages.has(banner.id)}
          />
        ))}
      </div>
      {count > 1 && (
        <div className="hero-carousel__controls">
          <button
            type="button"
            className="hero-carousel__arrow"
            aria-label="Previous slide"
            onClick={() => goTo(current - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="hero-carousel__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className={i === current ? 'hero-carousel__dot hero-carousel__dot--active' : 'hero-carousel__dot'}
                aria-label={`Go to slide ${i + 1}: ${banner.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
          <button
            type="button"
            className="hero-carousel__arrow"
            aria-label="Next slide"
            onClick={() => goTo(current + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
          {!isStill && (
            <button
              type="button"
              className="hero-carousel__toggle"
              aria-label={isStopped ? 'Play slideshow' : 'Pause slideshow'}
              onClick={() => setStopped((stopped) => !stopped)}
            >
              <span aria-hidden="true">{isStopped ? '▶' : '❚❚'}</span>
            </button>
          )}
        </div>
      )}
    </section>
  )
}

/** The hero's place while the home data loads, the same size as a slide. */
export function HeroCarouselSkeleton() {
  return (
    <div className="hero-carousel hero-carousel--loading" aria-hidden="true">
      <div className="hero-slide hero-slide--active">
        <div className="hero-slide__media skeleton" />
        <div className="hero-slide__body">
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--button" />
        </div>
      </div>
    </div>
  )
}

import { useState } from 'react'
import { useNavigate } from 'react-router'

/** Back one page in the browser's history, or to the home page when the shopper landed here directly. */
export function useGoBack(): () => void {
  const navigate = useNavigate()
  return () => {
    // React Router numbers its history entries: 0 is where this visit to the site started.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (index > 0) navigate(-1)
    else navigate('/')
  }
}

export function BackButton({ label = 'Go back' }: { label?: string }) {
  const goBack = useGoBack()
  return (
    <button type="button" className="pd-icon-button" aria-label={label} onClick={goBack}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

/**
 * The favourite (heart) toggle. TODO: the wishlist API does not exist yet; until it does the choice lasts only
 * while the page is open (the specification's own button does nothing at all).
 */
export function FavouriteButton({ productName }: { productName: string }) {
  const [isFavourite, setFavourite] = useState(false)
  return (
    <button
      type="button"
      className={isFavourite ? 'pd-icon-button pd-icon-button--on' : 'pd-icon-button'}
      aria-label={`Add ${productName} to favourites`}
      aria-pressed={isFavourite}
      onClick={() => setFavourite((value) => !value)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={isFavourite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}

/** Shares the page with the phone's share sheet, or copies its link where there is none. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [message, setMessage] = useState('')
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url })
      } catch (error) {
        // The shopper closed the share sheet: nothing to say.
        if ((error as Error).name !== 'AbortError') setMessage('Could not share this product.')
      }
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      setMessage('Link copied')
    } catch {
      setMessage(`Copy this link: ${url}`)
    }
  }
  return (
    <span className="pd-share">
      <button type="button" className="pd-icon-button" aria-label="Share this product" onClick={share}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="18" cy="5" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="6" cy="12" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="18" cy="19" r="2.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8.3 10.8l7.4-4.3M8.3 13.2l7.4 4.3" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <span className={message ? 'pd-share__message' : 'visually-hidden'} role="status">
        {message}
      </span>
    </span>
  )
}

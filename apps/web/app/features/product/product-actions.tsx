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

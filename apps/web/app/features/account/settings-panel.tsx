import { useId, useSyncExternalStore } from 'react'
import { setThemePreference, type ThemePreference, useThemePreference } from '../../lib/theme.ts'

const THEMES: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
]

// There is no API for email preferences yet: the choice is kept on this device only, and says so.
const OFFERS_KEY = 'emailOffers'
const offerListeners = new Set<() => void>()
const readOffers = () => {
  try {
    return window.localStorage.getItem(OFFERS_KEY) === 'true'
  } catch {
    return false
  }
}
const subscribeOffers = (listener: () => void) => {
  offerListeners.add(listener)
  return () => offerListeners.delete(listener)
}
function setOffers(value: boolean) {
  try {
    window.localStorage.setItem(OFFERS_KEY, String(value))
  } catch {
    // Storage refused: nothing else to do.
  }
  for (const listener of offerListeners) listener()
}

/** Settings: the colour theme (stored under 'theme', section 9) and email preferences. */
export function SettingsPanel() {
  const id = useId()
  const theme = useThemePreference()
  const wantsOffers = useSyncExternalStore(subscribeOffers, readOffers, () => false)
  return (
    <section className="card account__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Settings</h2>
      <fieldset className="account__fieldset">
        <legend>Theme</legend>
        <div className="account__choices">
          {THEMES.map((option) => (
            <label key={option.value} className="checkbox">
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={theme === option.value}
                onChange={() => setThemePreference(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        <p className="account__muted">System follows your device's light or dark mode.</p>
      </fieldset>
      <fieldset className="account__fieldset">
        <legend>Email preferences</legend>
        <label className="checkbox">
          <input type="checkbox" checked={wantsOffers} onChange={(event) => setOffers(event.target.checked)} />
          Email me about offers and new products
        </label>
        <p className="account__muted">
          Saved on this device only for now. Emails about your orders and your password are always sent.
        </p>
      </fieldset>
    </section>
  )
}

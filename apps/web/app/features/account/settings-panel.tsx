import { useId, useSyncExternalStore } from 'react'
import { FormMessage } from '../../components/ui/form-field.tsx'
import { call } from '../../lib/api-client.ts'
import { setThemePreference, type ThemePreference, useThemePreference } from '../../lib/theme.ts'
import { accountKeys, useAccountWrite, usePreferences } from './account-data.ts'

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

export const SMS_SAVE_FAILED = 'Could not save your text message setting. Please try again.'

/**
 * Texts about the shopper's orders (placed, paid, shipped, at the pickup station, delivered, refunds), on unless
 * they turn them off: kept on the server, so every device and every order follows it.
 */
function OrderTextsSetting() {
  const preferences = usePreferences()
  const save = useAccountWrite(accountKeys.preferences, (on: boolean) =>
    call('PUT /api/user/preferences', { body: { sms_order_updates: on } }),
  )
  const checked = save.isPending ? (save.variables ?? false) : (preferences.data?.sms_order_updates ?? true)
  return (
    <fieldset className="account__fieldset">
      <legend>Text messages (SMS)</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={preferences.isPending || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Text me about my orders
      </label>
      <p className="account__muted">
        A text to the phone number of each order when it is placed, paid, shipped, waiting at a pickup station,
        delivered, and when a refund is sent.
      </p>
      <FormMessage kind="error">{save.isError ? SMS_SAVE_FAILED : ''}</FormMessage>
      <FormMessage kind="error">
        {preferences.isError ? 'Could not load your text message setting. Reload the page to try again.' : ''}
      </FormMessage>
    </fieldset>
  )
}

/** Settings: the colour theme (stored under 'theme', section 9), order texts and email preferences. */
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
      <OrderTextsSetting />
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

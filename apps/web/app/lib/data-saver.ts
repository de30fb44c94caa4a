import { asksToSaveData } from '@soko/domain/data-saver'
import { useRouteLoaderData } from 'react-router'

// Data saver: for shoppers on a small data bundle. On when the browser sends `Save-Data: on` or the shopper turned
// it on (the footer's switch sets the `save_data` cookie). Product images then load only when tapped, and the home
// carousel stays on its first slide.

export const DATA_SAVER_COOKIE = 'save_data'
/** The shopper's choice lasts a year. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}

/**
 * Whether a request asks for data saver. The shopper's own choice wins over the browser's: `save_data=0` turns it
 * off even when the browser sends `Save-Data: on`.
 */
export function isDataSaverRequest(headers: Headers): boolean {
  const choice = cookieValue(headers.get('cookie'), DATA_SAVER_COOKIE)
  if (choice === '1') return true
  if (choice === '0') return false
  return asksToSaveData(headers.get('save-data'))
}

/** The Set-Cookie header that keeps the shopper's choice. */
export function dataSaverCookie(on: boolean, secure: boolean): string {
  return `${DATA_SAVER_COOKIE}=${on ? '1' : '0'}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Whether this page was rendered in data saver mode (the root loader decides, from the request). */
export function useDataSaver(): boolean {
  const data = useRouteLoaderData('root') as { dataSaver?: boolean } | undefined
  return data?.dataSaver === true
}

import { safeNextPath } from '@soko/domain/safe-next'
import { redirect } from 'react-router'
import { dataSaverCookie } from '../lib/data-saver.ts'
import type { Route } from './+types/data-saver'

// The footer's data saver switch: a form post (it works before the page's scripts have loaded, and on a browser
// that runs none) that keeps the shopper's choice in a cookie and goes back to the page it was sent from.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const on = form.get('on') === '1'
  const next = safeNextPath(String(form.get('next') ?? '/').slice(0, 512))
  const secure = new URL(request.url).protocol === 'https:'
  return redirect(next, { headers: { 'set-cookie': dataSaverCookie(on, secure) } })
}

// Nothing to show at GET /data-saver: the switch is a POST.
export function loader() {
  return redirect('/')
}

export default function DataSaver() {
  return null
}

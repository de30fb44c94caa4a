import { Form } from 'react-router'
import { getQueryClient } from '../../lib/query.ts'

/** 'Logout': a real POST that ends the session and goes to /login; the browser forgets the account's data too. */
export function LogoutButton({ className = 'button button--ghost' }: { className?: string }) {
  return (
    <Form method="post" action="/logout" onSubmit={() => getQueryClient().clear()}>
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  )
}

import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage, TextField } from '../components/ui/form-field.tsx'
import { PageSection, StaticPage } from '../features/pages/static-page.tsx'
import { ApiError, call } from '../lib/api-client.ts'
import { failureText, fieldErrors } from '../lib/form-errors.ts'
import { getLastOrderNumber, guestOrderPath } from '../lib/orders.ts'
import { loginUrl } from '../lib/safe-next.ts'
import { getSessionUser } from '../lib/session.server.ts'
import { useHydrated } from '../lib/use-hydrated.ts'
import type { Route } from './+types/orders'

// The specification's /orders (the confirmation's second button): a signed-in shopper's orders are in the account;
// anyone finds an order here by its number and the phone or email it was placed with (a form that posts, so it
// works before the page's scripts have loaded too), which opens the order's own page.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getSessionUser(context).catch(() => null)
  if (user) throw redirect('/accounts/orders')
  return null
}

const FIELDS = ['orderNumber', 'contact'] as const
type Field = (typeof FIELDS)[number]

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const values = {
    orderNumber: String(form.get('orderNumber') ?? ''),
    contact: String(form.get('contact') ?? ''),
  }
  try {
    const found = await call('POST /api/checkout/orders/lookup/', { body: values }, { context })
    return redirect(guestOrderPath(found.orderNumber, found.orderToken))
  } catch (error) {
    const status = error instanceof ApiError && error.status > 0 ? error.status : 503
    return data(
      {
        values,
        errors: fieldErrors(error, FIELDS),
        failure: failureText(error, 'We could not look your order up. Please try again.'),
      },
      { status },
    )
  }
}

export function meta() {
  return [{ title: 'My Orders | Soko' }, { name: 'robots', content: 'noindex' }]
}

export default function Orders({ actionData }: Route.ComponentProps) {
  const isHydrated = useHydrated()
  const lastOrder = isHydrated ? getLastOrderNumber() : null
  return (
    <StaticPage
      title="My Orders"
      lead="Find an order placed without an account by its order number and the phone number or email you checked out with."
    >
      <PageSection title="Find your order" id="orders-find">
        {/* A new answer starts the form again with what was sent, so each failure keeps what was typed. */}
        <LookupForm key={JSON.stringify(actionData ?? null)} answer={actionData} />
      </PageSection>
      {lastOrder && (
        <PageSection title="Your latest order" id="orders-latest">
          <p>
            <Link to={`/checkout?order=${encodeURIComponent(lastOrder)}`}>Follow order {lastOrder}</Link>
          </p>
        </PageSection>
      )}
      <PageSection title="Ordered as a guest?" id="orders-guest">
        <p>
          Every order gets a confirmation email with its order number (it starts with SK-) and a link that opens the
          order until its return window ends. From the order page you can follow each shop's delivery, confirm receipt
          and ask to <Link to="/returns">return items</Link>. Quote the order number when you{' '}
          <Link to="/contact">contact us</Link> about an order.
        </p>
      </PageSection>
      <PageSection title="Have an account?" id="orders-account">
        <p>
          <Link to={loginUrl('/accounts/orders')}>Sign in</Link> to see every order you placed while signed in, follow
          each vendor's delivery and cancel an order until it has shipped. Orders you placed as a guest join your
          account once its email address is verified. No account yet? <Link to="/signup">Create one</Link> for your next
          order.
        </p>
      </PageSection>
    </StaticPage>
  )
}

interface LookupAnswer {
  values: Record<Field, string>
  errors: Partial<Record<Field, string>>
  failure: string
}

function LookupForm({ answer }: { answer: LookupAnswer | undefined }) {
  const navigation = useNavigation()
  const [values, setValues] = useState<Record<Field, string>>(answer?.values ?? { orderNumber: '', contact: '' })
  const errors = answer?.errors ?? {}
  const hasFieldErrors = Object.keys(errors).length > 0
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }))
  return (
    <Form method="post" className="orders-lookup" aria-label="Find your order" noValidate>
      <FormMessage kind="error">{answer && !hasFieldErrors ? answer.failure : ''}</FormMessage>
      <TextField
        label="Order number"
        name="orderNumber"
        hint="In your confirmation email, for example SK-7KQ2M9"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={values.orderNumber}
        onValueChange={set('orderNumber')}
        error={errors.orderNumber}
      />
      <TextField
        label="Phone number or email"
        name="contact"
        hint="The one you gave at checkout"
        autoComplete="email"
        required
        value={values.contact}
        onValueChange={set('contact')}
        error={errors.contact}
      />
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        {navigation.state === 'submitting' ? 'Finding your order...' : 'Find My Order'}
      </button>
    </Form>
  )
}

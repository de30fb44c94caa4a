// The Google accounts a tester can sign in as on the stand-in's consent page.
import { createHash } from 'node:crypto'

/** A Google account as its ID token describes it. */
export interface OidcIdentity {
  /** Google's stable account number: what a relying party keys the account by, never the email. */
  sub: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name: string
}

/** A listed account on the consent page: `id` is its button's value. */
export interface DemoIdentity extends OidcIdentity {
  id: string
}

/**
 * The accounts listed on the consent page by default. Addresses are under the reserved `.example` domain, so no
 * real mailbox ever receives what a demo sends them. The last one's address is not verified: a relying party
 * must refuse to create an account from it.
 */
export const DEMO_GOOGLE_IDENTITIES: readonly DemoIdentity[] = [
  {
    id: 'achieng',
    sub: '104918273645501928374',
    email: 'achieng.otieno@gmail.example',
    email_verified: true,
    name: 'Achieng Otieno',
    given_name: 'Achieng',
    family_name: 'Otieno',
  },
  {
    id: 'kamau',
    sub: '109283746501928374655',
    email: 'kamau.mwangi@gmail.example',
    email_verified: true,
    name: 'Kamau Mwangi',
    given_name: 'Kamau',
    family_name: 'Mwangi',
  },
  {
    id: 'nekesa',
    sub: '112233445566778899001',
    email: 'nekesa.wafula@mail.example',
    email_verified: false,
    name: 'Nekesa Wafula',
    given_name: 'Nekesa',
    family_name: 'Wafula',
  },
]

/**
 * The account of a name and address typed on the consent page: the same address is always the same account (a
 * 21-digit number like Google's), so signing in again finds the same user. Typed addresses count as verified.
 */
export function typedIdentity(name: string, email: string): OidcIdentity {
  const digest = createHash('sha256').update(email.toLowerCase()).digest()
  const sub = `1${(digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0')}`
  const [given = '', ...family] = name.split(/\s+/)
  return { sub, email, email_verified: true, name, given_name: given, family_name: family.join(' ') }
}

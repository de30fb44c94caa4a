// The simulator's side of Daraja's SecurityCredential: the initiator password encrypted with M-Pesa's public key
// (RSA, PKCS #1 v1.5 padding, base64). The simulator makes a key pair of its own each run and hands out the public
// half (the part Safaricom ships as a certificate); its private half never leaves the process.
import { constants, generateKeyPairSync, type KeyObject, privateDecrypt } from 'node:crypto'

export interface CredentialKeys {
  /** The public key as PEM (`-----BEGIN PUBLIC KEY-----`): what a client encrypts the password with. */
  publicKeyPem: string
  /** The password the credential carries, or null when it is not one made with this key. */
  open(credential: string): string | null
}

/** The key pair is made on first use (a 2048-bit RSA key takes a noticeable moment): most runs never need it. */
export function makeCredentialKeys(): CredentialKeys {
  let pair: { publicKeyPem: string; privateKey: KeyObject } | null = null
  const keys = () => {
    if (pair === null) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      pair = { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey }
    }
    return pair
  }
  return {
    get publicKeyPem() {
      return keys().publicKeyPem
    },
    open: (credential) => openCredential(keys().privateKey, credential),
  }
}

/**
 * Decrypts without padding and removes the PKCS #1 v1.5 type-2 padding by hand (00 02, at least 8 non-zero bytes,
 * 00, message): Node refuses PKCS #1 v1.5 private decryption since CVE-2023-46809, a timing attack that does not
 * matter to a stand-in whose key protects nothing.
 */
function openCredential(privateKey: KeyObject, credential: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) return null
  const cipher = Buffer.from(credential, 'base64')
  const size = (privateKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8
  if (cipher.length !== size) return null
  let block: Buffer
  try {
    block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, cipher)
  } catch {
    return null
  }
  if (block[0] !== 0 || block[1] !== 2) return null
  const separator = block.indexOf(0, 2)
  if (separator < 10) return null
  return block.subarray(separator + 1).toString('utf8')
}

import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DarajaSimulator, type DarajaSimulatorOptions, startDarajaSimulator } from '@soko/payment-simulators'
import { parseConfig } from '../../src/plugins/config.ts'

/** The B2C operator the tests' own Daraja simulators know. */
export const B2C_OPERATOR = { initiatorName: 'soko-b2c', initiatorPassword: 'Soko#B2c-2026', b2cShortCode: '600992' }

/**
 * A Daraja simulator of the test's own (outside the server, so the test can stop it, read what it paid, top up its
 * float), with the server's default app credentials and the B2C operator above, and the settings that make a server
 * pay through it by B2C: the operator's password and the certificate file the simulator printed, as an operator
 * configures real Daraja.
 */
export async function startB2cDaraja(
  options: Partial<DarajaSimulatorOptions> = {},
): Promise<{ simulator: DarajaSimulator; env: Record<string, string> }> {
  const defaults = parseConfig({ NODE_ENV: 'test' })
  const simulator = await startDarajaSimulator({
    consumerKey: defaults.MPESA_CONSUMER_KEY,
    consumerSecret: defaults.MPESA_CONSUMER_SECRET,
    shortCode: defaults.MPESA_SHORTCODE,
    passkey: defaults.MPESA_PASSKEY,
    ...B2C_OPERATOR,
    ...options,
  })
  const certificatePath = join(tmpdir(), `soko-daraja-${process.pid}-${randomBytes(4).toString('hex')}.pem`)
  writeFileSync(certificatePath, simulator.securityCertificate)
  return {
    simulator,
    env: {
      MPESA_ENV: 'simulator',
      MPESA_BASE_URL: simulator.url,
      MPESA_B2C: 'on',
      MPESA_B2C_SHORTCODE: B2C_OPERATOR.b2cShortCode,
      MPESA_INITIATOR_NAME: B2C_OPERATOR.initiatorName,
      MPESA_INITIATOR_PASSWORD: B2C_OPERATOR.initiatorPassword,
      MPESA_CERT_PATH: certificatePath,
    },
  }
}

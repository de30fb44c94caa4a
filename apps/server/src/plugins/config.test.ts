import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.ts'

describe('parseConfig', () => {
  it('has defaults that run the marketplace locally on the embedded database', () => {
    const config = parseConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DATA_DIR).toBe('./data')
    expect(config.pgliteDir).toMatch(/data\/pglite$/)
  })

  it('listens on every interface in production unless HOST says otherwise', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0')
    expect(parseConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
  })

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000)
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ PORT: '3.5' }, 'Invalid configuration: PORT must be a whole number (got "3.5")'],
    [{ PORT: '70000' }, /^Invalid configuration: PORT .*65535/],
    [{ DATABASE_URL: 'mysql://localhost/soko' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [
      { NODE_ENV: 'production', FAULT_INJECTION: 'true' },
      /^Invalid configuration: FAULT_INJECTION must not be enabled/,
    ],
    [{ CONTACT_RATE_LIMIT: '0' }, 'Invalid configuration: CONTACT_RATE_LIMIT must be from 1 to 10000 (got "0")'],
  ])('rejects %j with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('accepts a PostgreSQL URL', () => {
    const url = 'postgresql://soko:secret@db.internal:5432/soko'
    expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url)
  })

  it('limits contact messages to 5 per address per 10 minutes unless told otherwise', () => {
    expect(parseConfig({}).CONTACT_RATE_LIMIT).toBe(5)
    expect(parseConfig({ CONTACT_RATE_LIMIT: '1000' }).CONTACT_RATE_LIMIT).toBe(1000)
  })
})

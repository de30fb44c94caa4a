import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFIG_KEYS, parseConfig } from './config.ts'

const example = readFileSync(join(import.meta.dirname, '../../../../.env.example'), 'utf8')
/** `NAME=value` lines, commented out or not: every setting the file documents. */
const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1])

describe('.env.example', () => {
  it('documents every setting the config reads, and nothing it does not', () => {
    expect(new Set(documented)).toEqual(new Set(CONFIG_KEYS))
  })

  it('is a configuration the server accepts as it stands (its uncommented values are the defaults)', () => {
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    )
    expect(() => parseConfig(values)).not.toThrow()
    const config = parseConfig(values)
    const defaults = parseConfig({ NODE_ENV: 'production' })
    for (const key of Object.keys(values)) {
      expect(config[key as keyof typeof config], key).toEqual(defaults[key as keyof typeof defaults])
    }
  })
})

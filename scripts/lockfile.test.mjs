import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { missingOptionalPackages } from './lockfile.mjs'

const lock = (packages) => ({ lockfileVersion: 3, packages })

describe('the lockfile check', () => {
  it('passes the committed package-lock.json: every platform of every optional binary is listed', () => {
    const committed = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8'))
    expect(missingOptionalPackages(committed)).toEqual([])
  })

  it("names another platform's binary that the lockfile lacks", () => {
    const packages = {
      '': { devDependencies: { tool: '^1.0.0' } },
      'node_modules/tool': {
        version: '1.2.0',
        optionalDependencies: { '@tool/linux-x64': '1.2.0', '@tool/darwin-arm64': '1.2.0' },
      },
      'node_modules/@tool/linux-x64': { version: '1.2.0', optional: true },
    }
    expect(missingOptionalPackages(lock(packages))).toEqual(['@tool/darwin-arm64@1.2.0 (wanted by node_modules/tool)'])
  })

  it('finds a nested copy before the hoisted one, and refuses a pinned version that differs', () => {
    const packages = {
      'node_modules/a': { version: '1.0.0', optionalDependencies: { bin: '2.0.0' } },
      'node_modules/a/node_modules/bin': { version: '2.0.0' },
      'node_modules/b': { version: '1.0.0', optionalDependencies: { bin: '3.0.0' } },
      'node_modules/bin': { version: '2.0.0' },
      'apps/web': { optionalDependencies: { bin: '^2.0.0' } },
    }
    expect(missingOptionalPackages(lock(packages))).toEqual(['bin@3.0.0 (wanted by node_modules/b)'])
  })
})

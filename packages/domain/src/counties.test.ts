import { describe, expect, it } from 'vitest'
import { COUNTY_NAMES, findCounty, KENYA_COUNTIES } from './counties.ts'

describe('Kenyan counties', () => {
  it('lists the 47 counties once each, coded 1 to 47 in constitutional order', () => {
    expect(KENYA_COUNTIES).toHaveLength(47)
    expect(KENYA_COUNTIES.map((c) => c.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1))
    expect(new Set(COUNTY_NAMES).size).toBe(47)
    expect(new Set(KENYA_COUNTIES.map((c) => c.iso)).size).toBe(47)
    expect(KENYA_COUNTIES[0]).toEqual({ code: 1, name: 'Mombasa', iso: 'KE-28' })
    expect(KENYA_COUNTIES[46]).toEqual({ code: 47, name: 'Nairobi', iso: 'KE-30' })
  })

  it('finds a county whatever its spelling or case', () => {
    expect(findCounty('Kisumu')?.name).toBe('Kisumu')
    expect(findCounty('  kisumu ')?.name).toBe('Kisumu')
    expect(findCounty('Nairobi City')?.name).toBe('Nairobi')
    expect(findCounty('Taita/Taveta')?.name).toBe('Taita-Taveta')
    expect(findCounty('Taita Taveta')?.name).toBe('Taita-Taveta')
    expect(findCounty('Elgeyo/Marakwet')?.name).toBe('Elgeyo-Marakwet')
    expect(findCounty('Trans-Nzoia')?.name).toBe('Trans Nzoia')
    expect(findCounty('Murang’a')?.name).toBe("Murang'a")
    expect(findCounty('Muranga County')?.name).toBe("Murang'a")
    expect(findCounty('HOMA BAY')?.name).toBe('Homa Bay')
  })

  it('finds nothing for a place that is not a county', () => {
    expect(findCounty('')).toBeNull()
    expect(findCounty('   ')).toBeNull()
    expect(findCounty('City')).toBeNull()
    expect(findCounty('Westlands')).toBeNull()
    expect(findCounty('Kampala')).toBeNull()
  })
})

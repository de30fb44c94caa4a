import { COUNTY_NAMES } from '@soko/domain/counties'

/** Kenya's 47 counties (packages/domain) as a select's options, after an empty first choice. */
export function CountyOptions() {
  return (
    <>
      <option value="">Choose a county</option>
      {COUNTY_NAMES.map((county) => (
        <option key={county} value={county}>
          {county}
        </option>
      ))}
    </>
  )
}

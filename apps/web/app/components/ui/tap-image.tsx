import { type ImgHTMLAttributes, useState } from 'react'
import { useDataSaver } from '../../lib/data-saver.ts'

export interface TapImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** What the picture shows, for the button that loads it ("Show image: …"). */
  label: string
  /** The small picture data saver loads on a tap instead of the full `src`/`srcSet`. */
  lowQualitySrc: string
}

/**
 * A product picture that, in data saver mode, waits for a tap: a "Show image" button in its place, then the small
 * thumbnail (no srcset). Without data saver it is the plain `<img>`.
 */
export function TapImage({ label, lowQualitySrc, ...image }: TapImageProps) {
  const dataSaver = useDataSaver()
  const [isShown, setShown] = useState(false)
  if (!dataSaver) return <img alt="" {...image} />
  if (!isShown) {
    return (
      <button type="button" className="tap-image" aria-label={`Show image: ${label}`} onClick={() => setShown(true)}>
        Show image
      </button>
    )
  }
  const { srcSet: _srcSet, sizes: _sizes, loading: _loading, fetchPriority: _priority, ...rest } = image
  return <img alt="" {...rest} src={lowQualitySrc} loading="eager" />
}

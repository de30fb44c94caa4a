import type { Silhouette } from './silhouette-words.ts'

// The demo pictures' colours (a palette from one hue) and their objects, drawn as SVG.

export function normaliseHue(hue: number): number {
  return Number.isFinite(hue) ? ((Math.round(hue) % 360) + 360) % 360 : 0
}

export function normaliseVariant(variant: number): number {
  return Number.isFinite(variant) ? ((Math.floor(variant) % 4) + 4) % 4 : 0
}

/** `hsl(h, s%, l%)` as a hex colour (hex is understood by every SVG renderer). */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360
  const s = saturation / 100
  const l = lightness / 100
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number): string => {
    let x = t
    if (x < 0) x += 1
    if (x > 1) x -= 1
    let v: number
    if (x < 1 / 6) v = p + (q - p) * 6 * x
    else if (x < 1 / 2) v = q
    else if (x < 2 / 3) v = p + (q - p) * (2 / 3 - x) * 6
    else v = p
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`
}

export interface Palette {
  hue: number
  main: string
  dark: string
  light: string
  pale: string
  accent: string
  accent2: string
  ink: string
}

export function palette(hue: number): Palette {
  return {
    hue,
    main: hsl(hue, 58, 46),
    dark: hsl(hue, 45, 24),
    light: hsl(hue, 70, 72),
    pale: hsl(hue, 65, 93),
    accent: hsl(hue + 165, 70, 52),
    accent2: hsl(hue + 45, 90, 60),
    ink: hsl(hue, 45, 15),
  }
}

export function round(value: number): number {
  return Math.round(value * 10) / 10
}

// ---------------------------------------------------------------------------------------------------------------
// Silhouettes: each drawn around (0, 0) within roughly ±200 × ±190 units.

/** Gradients and patterns the silhouettes refer to. */
export function silhouetteDefs(p: Palette): string {
  return [
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(p.hue, 12, 62)}"/><stop offset="0.35" stop-color="${hsl(p.hue, 15, 90)}"/><stop offset="0.7" stop-color="${hsl(p.hue, 12, 70)}"/><stop offset="1" stop-color="${hsl(p.hue, 14, 50)}"/></linearGradient>`,
    `<linearGradient id="body" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.main}"/></linearGradient>`,
    `<radialGradient id="sphere" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="${hsl(p.hue, 25, 92)}"/><stop offset="1" stop-color="${hsl(p.hue, 25, 72)}"/></radialGradient>`,
    `<pattern id="kitenge" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${p.main}"/><path d="M24 4 L44 24 L24 44 L4 24 Z" fill="${p.accent2}"/><path d="M24 14 L34 24 L24 34 L14 24 Z" fill="${p.dark}"/><circle cx="24" cy="24" r="4" fill="${p.pale}"/><circle cx="0" cy="0" r="7" fill="${p.accent}"/><circle cx="48" cy="0" r="7" fill="${p.accent}"/><circle cx="0" cy="48" r="7" fill="${p.accent}"/><circle cx="48" cy="48" r="7" fill="${p.accent}"/></pattern>`,
    `<clipPath id="ballclip"><circle r="168"/></clipPath>`,
    `<pattern id="stripes" width="60" height="120" patternUnits="userSpaceOnUse"><rect width="60" height="120" fill="${p.pale}"/><rect width="60" height="34" fill="${p.main}"/><rect y="42" width="60" height="8" fill="${p.accent2}"/><rect y="60" width="60" height="18" fill="${p.dark}"/><rect y="90" width="60" height="6" fill="${p.accent}"/></pattern>`,
  ].join('')
}

export const SILHOUETTES: Record<Silhouette, (p: Palette) => string> = {
  phone: (p) =>
    `<rect x="-98" y="-182" width="196" height="364" rx="34" fill="${p.dark}"/>` +
    `<rect x="-92" y="-176" width="184" height="352" rx="29" fill="none" stroke="${hsl(p.hue, 20, 60)}" stroke-width="3"/>` +
    `<rect x="-82" y="-160" width="164" height="320" rx="18" fill="url(#screen)"/>` +
    `<rect x="-28" y="-152" width="56" height="14" rx="7" fill="${p.dark}"/>` +
    [0, 1, 2]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) =>
            `<rect x="${-64 + col * 46}" y="${-110 + row * 48}" width="34" height="34" rx="9" fill="#ffffff" fill-opacity="${0.55 - row * 0.1}"/>`,
        ),
      )
      .join('') +
    `<rect x="-64" y="60" width="126" height="16" rx="8" fill="#ffffff" fill-opacity="0.5"/>` +
    `<rect x="-64" y="88" width="90" height="12" rx="6" fill="#ffffff" fill-opacity="0.35"/>` +
    `<rect x="-36" y="140" width="72" height="6" rx="3" fill="#ffffff" fill-opacity="0.8"/>` +
    `<path d="M-82 -40 L40 -160 H82 V-120 L-82 40 Z" fill="#ffffff" fill-opacity="0.12"/>`,
  laptop: (p) =>
    `<rect x="-172" y="-150" width="344" height="228" rx="16" fill="${p.dark}"/>` +
    `<rect x="-156" y="-134" width="312" height="192" rx="6" fill="url(#screen)"/>` +
    `<rect x="-140" y="-118" width="120" height="14" rx="7" fill="#ffffff" fill-opacity="0.6"/>` +
    `<rect x="-140" y="-92" width="180" height="80" rx="8" fill="#ffffff" fill-opacity="0.3"/>` +
    `<rect x="52" y="-92" width="88" height="80" rx="8" fill="#ffffff" fill-opacity="0.45"/>` +
    `<rect x="-140" y="4" width="280" height="10" rx="5" fill="#ffffff" fill-opacity="0.35"/>` +
    `<rect x="-140" y="24" width="200" height="10" rx="5" fill="#ffffff" fill-opacity="0.25"/>` +
    `<path d="M-156 -30 L-40 -134 H20 L-156 24 Z" fill="#ffffff" fill-opacity="0.1"/>` +
    `<path d="M-200 78 H200 L222 112 Q224 124 210 124 H-210 Q-224 124 -222 112 Z" fill="url(#metal)"/>` +
    `<rect x="-40" y="78" width="80" height="10" rx="4" fill="${hsl(p.hue, 12, 55)}"/>`,
  tv: (p) =>
    `<rect x="-200" y="-150" width="400" height="250" rx="10" fill="${p.dark}"/>` +
    `<rect x="-188" y="-138" width="376" height="220" rx="4" fill="url(#screen)"/>` +
    `<circle cx="-60" cy="-40" r="70" fill="#ffffff" fill-opacity="0.25"/>` +
    `<path d="M-188 82 L-80 -10 L-10 50 L70 -40 L188 60 V82 Z" fill="${p.dark}" fill-opacity="0.35"/>` +
    `<path d="M-188 -40 L-90 -138 H-30 L-188 20 Z" fill="#ffffff" fill-opacity="0.12"/>` +
    `<rect x="-14" y="100" width="28" height="50" fill="${hsl(p.hue, 15, 35)}"/>` +
    `<path d="M-110 150 H110 Q120 150 120 160 V166 H-120 V160 Q-120 150 -110 150 Z" fill="${hsl(p.hue, 15, 30)}"/>`,
  shirt: (p) =>
    `<path d="M-62 -160 L-172 -112 L-140 -20 L-100 -40 L-100 170 H100 V-40 L140 -20 L172 -112 L62 -160 Q0 -100 -62 -160 Z" fill="url(#kitenge)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-62 -160 Q0 -100 62 -160 L48 -166 Q0 -120 -48 -166 Z" fill="${p.dark}"/>` +
    `<path d="M-100 -40 L-140 -20 L-146 -38 L-104 -58 Z" fill="${p.dark}" fill-opacity="0.5"/>` +
    `<path d="M100 -40 L140 -20 L146 -38 L104 -58 Z" fill="${p.dark}" fill-opacity="0.5"/>`,
  dress: (p) =>
    `<path d="M-58 -176 L-44 -176 Q0 -140 44 -176 L58 -176 L70 -70 Q50 -50 52 -36 L170 160 Q0 200 -170 160 L-52 -36 Q-50 -50 -70 -70 Z" fill="url(#kitenge)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-60 -50 Q0 -32 60 -50 L64 -28 Q0 -10 -64 -28 Z" fill="${p.accent2}" stroke="${p.dark}" stroke-width="3"/>` +
    `<path d="M-170 160 Q0 200 170 160 L164 148 Q0 186 -164 148 Z" fill="${p.dark}" fill-opacity="0.6"/>`,
  fabric: (p) =>
    `<g transform="translate(18 -70)"><rect x="-170" y="-60" width="320" height="110" rx="12" fill="url(#stripes)" stroke="${p.dark}" stroke-width="4"/></g>` +
    `<rect x="-170" y="-10" width="340" height="130" rx="14" fill="url(#stripes)" stroke="${p.dark}" stroke-width="4"/>` +
    `<path d="M-170 50 H170" stroke="${p.dark}" stroke-opacity="0.25" stroke-width="3"/>` +
    `<path d="${Array.from({ length: 22 }, (_, i) => `M${-158 + i * 15} 120 v26`).join(' ')}" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>`,
  shoe: (p) =>
    `<path d="M-184 62 L-188 -26 Q-188 -70 -160 -76 Q-112 -62 -66 -90 L-46 -124 Q-30 -136 -14 -120 L44 -52 Q124 -34 172 -8 Q198 8 198 40 V62 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-188 -26 Q-188 -70 -160 -76 Q-150 -40 -150 10 Q-170 30 -186 34 Z" fill="${p.dark}" fill-opacity="0.45"/>` +
    `<path d="M110 -24 Q170 -8 190 20 Q150 30 118 14 Z" fill="${p.dark}" fill-opacity="0.25"/>` +
    `<path d="M-156 -74 Q-112 -58 -66 -88" fill="none" stroke="${p.dark}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M-36 -100 L-58 -76 M-14 -78 L-38 -56 M8 -58 L-16 -36 M30 -40 L6 -18" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M-140 34 C-80 20 -10 -2 80 4 C40 14 -40 30 -140 48 Z" fill="${p.accent2}"/>` +
    `<path d="M-194 56 H202 V78 Q202 100 178 100 H-170 Q-194 100 -194 80 Z" fill="#ffffff" stroke="${p.dark}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-190 80 H198" stroke="${p.dark}" stroke-opacity="0.3" stroke-width="4"/>`,
  pot: (p) =>
    `<path d="M-150 -40 L-190 -52 Q-204 -40 -192 -26 L-150 -18 Z" fill="${p.dark}"/>` +
    `<path d="M150 -40 L190 -52 Q204 -40 192 -26 L150 -18 Z" fill="${p.dark}"/>` +
    `<path d="M-150 -60 V110 Q-150 150 -110 150 H110 Q150 150 150 110 V-60 Z" fill="url(#metal)"/>` +
    `<ellipse cx="0" cy="-60" rx="162" ry="26" fill="${hsl(p.hue, 12, 84)}" stroke="${hsl(p.hue, 12, 55)}" stroke-width="5"/>` +
    `<path d="M-156 -66 Q0 -176 156 -66 Q0 -44 -156 -66 Z" fill="${p.main}"/>` +
    `<path d="M-110 -88 Q-40 -130 20 -134" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="10" stroke-linecap="round"/>` +
    `<rect x="-26" y="-150" width="52" height="28" rx="12" fill="${p.dark}"/>` +
    `<path d="M-150 60 H150" stroke="${hsl(p.hue, 12, 55)}" stroke-opacity="0.6" stroke-width="4"/>`,
  sack: (p) =>
    `<path d="M-118 -128 Q-144 -150 -112 -170 Q0 -150 112 -170 Q144 -150 118 -128 L152 134 Q156 170 120 170 H-120 Q-156 170 -152 134 Z" fill="${hsl(p.hue, 30, 93)}" stroke="${hsl(p.hue, 25, 60)}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M-112 -136 Q0 -118 112 -136" fill="none" stroke="${hsl(p.hue, 25, 60)}" stroke-width="4" stroke-dasharray="10 8"/>` +
    `<rect x="-100" y="-70" width="200" height="170" rx="14" fill="${p.main}"/>` +
    `<rect x="-100" y="58" width="200" height="22" fill="${p.accent2}"/>` +
    `<path d="M0 30 V-46" stroke="${p.pale}" stroke-width="6" stroke-linecap="round"/>` +
    [-34, -14, 6]
      .map(
        (y) =>
          `<ellipse cx="-14" cy="${y}" rx="9" ry="16" transform="rotate(-30 -14 ${y})" fill="${p.pale}"/><ellipse cx="14" cy="${y}" rx="9" ry="16" transform="rotate(30 14 ${y})" fill="${p.pale}"/>`,
      )
      .join('') +
    `<path d="M-140 0 Q-146 80 -150 140" fill="none" stroke="#000000" stroke-opacity="0.06" stroke-width="22"/>`,
  bottle: (p) =>
    `<rect x="-34" y="-190" width="68" height="44" rx="8" fill="${p.dark}"/>` +
    `<rect x="-26" y="-150" width="52" height="42" fill="${hsl(p.hue, 40, 85)}"/>` +
    `<path d="M-26 -110 C-26 -78 -88 -78 -88 -36 V150 Q-88 178 -60 178 H60 Q88 178 88 150 V-36 C88 -78 26 -78 26 -110 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="4"/>` +
    `<rect x="-88" y="-4" width="176" height="110" fill="#ffffff" fill-opacity="0.92"/>` +
    `<rect x="-88" y="-4" width="176" height="18" fill="${p.accent2}"/>` +
    `<circle cx="0" cy="50" r="22" fill="${p.main}"/>` +
    `<rect x="-50" y="82" width="100" height="8" rx="4" fill="${p.dark}" fill-opacity="0.4"/>` +
    `<path d="M-62 -40 V140" stroke="#ffffff" stroke-opacity="0.4" stroke-width="12" stroke-linecap="round"/>`,
  book: (p) =>
    `<rect x="-108" y="-160" width="248" height="324" rx="6" fill="${hsl(p.hue, 30, 95)}" stroke="${hsl(p.hue, 20, 70)}" stroke-width="3"/>` +
    `<path d="M130 -150 V154 M122 -152 V156" stroke="${hsl(p.hue, 20, 78)}" stroke-width="2"/>` +
    `<rect x="-128" y="-176" width="248" height="328" rx="8" fill="${p.main}"/>` +
    `<rect x="-128" y="-176" width="34" height="328" rx="6" fill="${p.dark}"/>` +
    `<rect x="-70" y="-130" width="160" height="10" rx="5" fill="${p.accent2}"/>` +
    `<rect x="-70" y="-100" width="120" height="22" rx="6" fill="${p.pale}"/>` +
    `<rect x="-70" y="-66" width="90" height="14" rx="6" fill="${p.pale}" fill-opacity="0.7"/>` +
    `<circle cx="12" cy="50" r="54" fill="${p.light}"/>` +
    `<path d="M-30 80 L10 30 L34 60 L50 42 L70 80 Z" fill="${p.dark}" fill-opacity="0.6"/>` +
    `<rect x="-70" y="118" width="140" height="10" rx="5" fill="${p.pale}" fill-opacity="0.6"/>`,
  ball: (p) => {
    const pentagon = (cx: number, cy: number, r: number, rotate: number): string =>
      `<path d="${Array.from({ length: 5 }, (_, i) => {
        const a = ((rotate + i * 72 - 90) * Math.PI) / 180
        return `${i === 0 ? 'M' : 'L'}${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`
      }).join(' ')} Z" fill="${p.dark}"/>`
    const outer = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 - 90) * Math.PI) / 180
      return pentagon(round(150 * Math.cos(a)), round(150 * Math.sin(a)), 50, 36)
    }).join('')
    const seams = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 - 90) * Math.PI) / 180
      return `M${round(48 * Math.cos(a))} ${round(48 * Math.sin(a))} L${round(112 * Math.cos(a))} ${round(112 * Math.sin(a))}`
    }).join(' ')
    return (
      `<circle r="170" fill="url(#sphere)"/>` +
      `<g clip-path="url(#ballclip)">${pentagon(0, 0, 52, 0)}${outer}<path d="${seams}" stroke="${p.dark}" stroke-width="5"/></g>` +
      `<circle r="170" fill="none" stroke="${hsl(p.hue, 25, 55)}" stroke-width="4"/>` +
      `<ellipse cx="-60" cy="-80" rx="50" ry="30" transform="rotate(-35 -60 -80)" fill="#ffffff" fill-opacity="0.45"/>`
    )
  },
  plant: (p) => {
    const leaf = (angle: number, length: number, shade: number): string =>
      `<path d="M0 0 Q${round(length * 0.32)} ${round(-length * 0.5)} 0 ${-length} Q${round(-length * 0.32)} ${round(-length * 0.5)} 0 0 Z" transform="translate(0 30) rotate(${angle})" fill="${hsl(105 + ((p.hue % 40) - 20) / 2, 50, shade)}"/>`
    return (
      leaf(-58, 150, 38) +
      leaf(58, 150, 38) +
      leaf(-30, 190, 44) +
      leaf(30, 190, 44) +
      leaf(0, 215, 50) +
      `<path d="M0 30 V-140" stroke="${hsl(110, 40, 30)}" stroke-width="5" stroke-opacity="0.5"/>` +
      `<path d="M-120 40 H120 L100 180 Q98 190 88 190 H-88 Q-98 190 -100 180 Z" fill="${p.main}"/>` +
      `<rect x="-132" y="24" width="264" height="40" rx="10" fill="${p.dark}"/>` +
      `<path d="M-80 110 H80" stroke="${p.accent2}" stroke-width="10" stroke-linecap="round"/>`
    )
  },
  baby: (p) =>
    `<path d="M-150 -10 H150 Q150 110 30 120 H-30 Q-150 110 -150 -10 Z" fill="url(#body)" stroke="${p.dark}" stroke-width="5"/>` +
    `<path d="M-150 -10 Q-150 -160 0 -160 V-10 Z" fill="${p.dark}"/>` +
    `<path d="M-110 -10 Q-110 -120 0 -124 M-70 -10 Q-70 -84 0 -88" fill="none" stroke="${p.light}" stroke-width="6"/>` +
    `<path d="M150 -10 L196 -90 H224" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M-140 30 Q0 46 140 30" fill="none" stroke="${p.pale}" stroke-width="8" stroke-dasharray="14 10"/>` +
    `<path d="M-80 112 L-100 150 M80 112 L100 150" stroke="${p.dark}" stroke-width="8"/>` +
    `<circle cx="-100" cy="158" r="32" fill="${p.dark}"/><circle cx="-100" cy="158" r="12" fill="${p.pale}"/>` +
    `<circle cx="100" cy="158" r="32" fill="${p.dark}"/><circle cx="100" cy="158" r="12" fill="${p.pale}"/>`,
  box: (p) =>
    `<path d="M0 -170 L170 -95 L0 -20 L-170 -95 Z" fill="${hsl(p.hue, 40, 78)}"/>` +
    `<path d="M-170 -95 L0 -20 V170 L-170 95 Z" fill="${hsl(p.hue, 45, 62)}"/>` +
    `<path d="M170 -95 L0 -20 V170 L170 95 Z" fill="${hsl(p.hue, 45, 50)}"/>` +
    `<path d="M-85 -132.5 L85 -57.5 V10 L55 -3 V-45 L-115 -120 Z" fill="${p.pale}" fill-opacity="0.85"/>` +
    `<path d="M-130 30 L-60 61 V100 L-130 69 Z" fill="#ffffff" fill-opacity="0.75"/>` +
    `<path d="M-170 -95 L0 -20 L170 -95 M0 -20 V170" fill="none" stroke="${p.dark}" stroke-opacity="0.3" stroke-width="3"/>`,
}

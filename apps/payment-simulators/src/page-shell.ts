// The frame of the stand-ins' own pages (the card payment page, the sign-in consent page): one self-contained HTML
// document each, inline CSS, no scripts and no external assets, that works on a small phone and reads well to a
// screen reader.

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:26rem;margin:0 auto;padding:1.25rem}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem}
h1{font-size:1.125rem;margin:0 0 .25rem}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0}
.muted{color:#4b5563;font-size:.875rem;margin:0}
form{margin-top:1rem}
label{display:block;font-weight:600;font-size:.875rem;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.5rem;background:#fff}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.pay{width:100%;margin-top:1.25rem;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#047857;border:0;border-radius:.5rem;cursor:pointer}
.pay:focus{outline:3px solid #2563eb;outline-offset:2px}
.cancel{display:block;margin:.75rem auto 0;padding:.5rem;font:inherit;color:#1d4ed8;background:none;border:0;text-decoration:underline;cursor:pointer}
.error{background:#fef2f2;border:1px solid #b91c1c;color:#991b1b;border-radius:.5rem;padding:.625rem .75rem;margin-top:1rem}
table{width:100%;border-collapse:collapse;font-size:.875rem;margin-top:.5rem}
th,td{text-align:left;padding:.25rem 0;border-bottom:1px solid #e5e7eb}
details{margin-top:1rem}
.notice{font-size:.75rem;color:#4b5563;margin-top:1rem;text-align:center}
`

/** A whole page: `body` is HTML already escaped by the caller; `styles` adds to the shared ones. */
export function htmlPage(title: string, body: string, styles = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}${styles}</style>
</head>
<body>
<main>${body}</main>
</body>
</html>`
}

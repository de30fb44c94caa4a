import { redirect } from 'react-router'

// The specification links to /demo without a screen: a live marketplace is its own demo, so it goes home.
// Temporary (302), in case a guided demo is built one day.
export function loader() {
  return redirect('/', 302)
}

export default function DemoRedirect() {
  return null
}

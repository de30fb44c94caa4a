import { redirect } from 'react-router'

// /admin (linked from the specification's dashboard) opens the dashboard; the guard above has already run.
export function loader() {
  return redirect('/admin/dashboard')
}

export default function AdminIndex() {
  return null
}

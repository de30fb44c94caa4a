export default function Page() {
  return <h1>Coming</h1>
}
